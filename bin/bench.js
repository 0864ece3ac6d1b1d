#!/usr/bin/env node
// `npm run bench`: see bench/run.ts.
import { register } from 'tsx/esm/api';

register();
await import('../bench/run.ts');
