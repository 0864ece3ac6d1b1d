// `npm run docs:events`: rewrites docs/events.md's table of event types from the registry's list
// (src/platform/events/event-types-doc.ts). test/events-doc.test.ts fails until it has been run.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { eventTypes } from '../src/resources/registry.ts';
import { withEventTypesTable } from '../src/platform/events/event-types-doc.ts';

const page = resolve(import.meta.dirname, '../docs/events.md');
writeFileSync(page, withEventTypesTable(readFileSync(page, 'utf8'), eventTypes));
console.log(`docs/events.md: ${eventTypes.length} event types`);
