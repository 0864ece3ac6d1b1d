#!/usr/bin/env -S node --max-semi-space-size=64
// Entry point of the `staffing` command. TypeScript runs through tsx's loader: no build step.
// The first line's flag gives V8's young generation 64 MB semi-spaces (16 by default): a request's
// short-lived objects die in fewer scavenges (decision 0032). It applies when this file is run
// itself (`npm start`, `npx staffing`, `bin/staffing.js`); `node bin/staffing.js` must pass it.
import { register } from 'tsx/esm/api';

register();
// `staffing worker` asks V8 for a small heap (src/platform/small-heap.ts, decision
// 0054): here, before the command's modules load, since loading them is what grows it first.
if (process.argv[2] === 'worker') (await import('../src/platform/small-heap.ts')).keepHeapSmall();
const { main } = await import('../src/cli/main.ts');
const code = await main(process.argv.slice(2));
if (code !== 0) process.exit(code);
