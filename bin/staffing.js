#!/usr/bin/env node
// Entry point of the `staffing` command. TypeScript runs through tsx's loader: no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
const code = await main(process.argv.slice(2));
if (code !== 0) process.exit(code);
