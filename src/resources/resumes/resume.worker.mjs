// Worker threads do not inherit tsx's loader (Node 20), so each worker registers it before loading
// the TypeScript worker module. See resume.parser.ts.
import { register } from 'tsx/esm/api';

register();
await import('./resume.worker.ts');
