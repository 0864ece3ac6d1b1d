// Issue 28: an event carries its change within a bound (docs/events.md): beyond it, the fields'
// names and a link to the record's history entry.
import { describe, expect, it } from 'vitest';
import { CHANGES_BOUND_BYTES, toEventBody, webhookIdOf, type EventRow } from './event-shape.ts';

const row = (change: Partial<EventRow>): EventRow => ({
  id: 7, sequence: 3, type: 'employee.updated', occurred_at: '2026-11-27T12:00:00Z', record_type: 'Employee', record_id: 12, location: '/Employees/12',
  data: { changedFields: ['lastName'] }, change_id: null, change_fields: null, ...change,
});

describe('issue 28 the change in an event', () => {
  it('carries the change id and each field as { old, new }; the webhook-id is the change id', () => {
    const body = toEventBody(row({ change_id: 41, change_fields: { lastName: ['Old', 'New'], middleName: [null, 'Q'] } }));
    expect(body).toMatchObject({ id: 'evt_7', changeId: 'chg_41', changes: { lastName: { old: 'Old', new: 'New' }, middleName: { old: null, new: 'Q' } }, changedFields: ['lastName'] });
    expect(body.history).toBeUndefined();
    expect(webhookIdOf(body)).toBe('chg_41');
  });

  it(`over ${CHANGES_BOUND_BYTES} bytes of changes: no values, the fields named, a link to the history entry`, () => {
    const long = 'x'.repeat(CHANGES_BOUND_BYTES);
    const body = toEventBody(row({ type: 'employee.created', data: {}, change_id: 42, change_fields: { notes: [null, long], lastName: [null, 'Big'] } }));
    expect(body.changes).toBeUndefined();
    expect(body).toMatchObject({ changeId: 'chg_42', changedFields: ['notes', 'lastName'], history: '/Employees/12/history?change=chg_42' });
    expect(JSON.stringify(body).length).toBeLessThan(1024);
  });

  it('an event without a change keeps its event id as the webhook-id, and no change members', () => {
    const body = toEventBody(row({}));
    expect(body.changeId).toBeUndefined();
    expect(body.changes).toBeUndefined();
    expect(webhookIdOf(body)).toBe('evt_7');
  });
});
