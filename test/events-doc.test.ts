// docs/events.md's table of event types is the registry's list (`npm run docs:events` writes it):
// a type added without running the generator, or a row edited by hand, fails here.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { eventTypes } from '../src/resources/registry.ts';
import { withEventTypesTable } from '../src/platform/events/event-types-doc.ts';

it('docs/events.md lists every event type the registry holds, as generated (run `npm run docs:events`)', () => {
  const page = readFileSync(resolve(import.meta.dirname, '../docs/events.md'), 'utf8');
  expect(page).toBe(withEventTypesTable(page, eventTypes));
});

it('every event type is listed once, described, and read with a scope', () => {
  const names = eventTypes.map((t) => t.type);
  expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  expect(eventTypes.filter((t) => !t.when.trim() || !t.changedFields.trim() || !t.readScopes.length).map((t) => t.type)).toEqual([]);
});
