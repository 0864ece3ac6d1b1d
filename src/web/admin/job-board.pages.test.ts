// The job board settings on the admin pages: tenant-wide (reps at the top node), validated, written
// with writeJobBoardSettings and seen by the job board search at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginContext } from '../../../test/login.ts';
import { readJobBoardSettings } from '../../resources/reference-data/job-board.settings.ts';
import { MESSAGES } from '../../platform/messages/index.ts';
import { adminPagesLogin, escaped, openPage, postForm, submitForm, type Cookies } from './admin.test-support.ts';

let t: LoginContext;
let nora: Cookies, ada: Cookies;

beforeAll(async () => { ({ t, cookies: { nora, ada } } = await adminPagesLogin('nora', 'ada')); });
afterAll(async () => { await t?.close(); });

describe('job board settings on the admin pages', () => {
  it('are for reps at the top of the hierarchy only', async () => {
    expect((await t.app.inject({ url: '/admin/job-board', cookies: nora })).statusCode).toBe(403);
    expect((await submitForm(t.app, '/admin/job-board', nora, { oldDateCutoffDays: '5' }, '/admin/tokens')).res.statusCode).toBe(403);
  });

  it('JB-49: shows the tenant\'s settings and saves them (unticked boxes are off), for this tenant only', async () => {
    const page = await openPage(t.app, '/admin/job-board', ada);
    expect(page.res.statusCode).toBe(200);
    expect(page.res.body).toContain('name="canSearchByLocation" aria-describedby="canSearchByLocation-hint" checked');
    const saved = await postForm(t.app, '/admin/job-board', page.cookies, { _csrf: page.csrf, hideWorksite: 'on', hideOldDates: 'on', oldDateCutoffDays: '14' });
    expect(saved.res.statusCode).toBe(303);
    expect(saved.res.headers.location).toBe('/admin/job-board?lang=en&done=saved');
    expect(await readJobBoardSettings(t.database.db, t.acme.fixture.tenantId)).toEqual({
      canSearchByLocation: false, jobDescriptionFallback: false, jobTitleFallback: false, hideOldDates: true, oldDateCutoffDays: 14, hideWorksite: true, doNotPostToWeb: false,
    });
    expect((await readJobBoardSettings(t.database.db, t.other.fixture.tenantId)).hideWorksite).toBe(false);
    const again = await t.app.inject({ url: '/admin/job-board?done=saved', cookies: ada });
    expect(again.body).toContain(escaped(MESSAGES.en.admin.jobBoardSaved));
    expect(again.body).toContain('value="14"');
  });

  it('refuses a cutoff that is not a whole number of days, next to the field, and hostile input without a 500', async () => {
    for (const cutoff of ['-1', '1.5', '99999', '<script>', '%FF%FE', 'x'.repeat(10_000)]) {
      const res = await submitForm(t.app, '/admin/job-board', ada, { oldDateCutoffDays: cutoff });
      expect(res.res.statusCode, cutoff).toBe(400);
      expect(res.res.body).toContain('id="oldDateCutoffDays-error"');
      expect(res.res.body).not.toContain('<script>');
    }
    const page = await openPage(t.app, '/admin/job-board', ada);
    expect((await postForm(t.app, '/admin/job-board', page.cookies, { oldDateCutoffDays: '3' })).res.statusCode).toBe(403);
  });
});

describe('the event of the job board settings (GEN-16)', () => {
  const settingsEvents = async (after: number) => (await t.database.pool.query<{ type: string; record_id: number; hier_id: number; location: string; data: { changedFields?: string[] } }>(
    `select type, record_id, hier_id, location, data from events where tenant_id = $1 and record_type = 'JobBoardSettings' and id > $2 order by id`, [t.acme.fixture.tenantId, after])).rows;
  const lastEvent = async () => Number((await t.database.pool.query<{ id: string | null }>('select max(id) as id from events')).rows[0]?.id ?? 0);

  it('saving the settings writes jobBoardSettings.updated at the tenant\'s top node, naming the settings saved', async () => {
    const before = await lastEvent();
    expect((await submitForm(t.app, '/admin/job-board', ada, { hideWorksite: 'on', oldDateCutoffDays: '21' })).res.statusCode).toBe(303);
    const root = t.acme.fixture.rootHierId;
    expect(await settingsEvents(before)).toEqual([{ type: 'jobBoardSettings.updated', record_id: root, hier_id: root, location: '/admin/job-board', data: { changedFields: expect.arrayContaining(['oldDateCutoffDays']) } }]);
  });

  it('refused settings (a bad cutoff, a rep below the top) write no event', async () => {
    const before = await lastEvent();
    expect((await submitForm(t.app, '/admin/job-board', ada, { oldDateCutoffDays: 'abc' })).res.statusCode).toBe(400);
    expect((await submitForm(t.app, '/admin/job-board', nora, { oldDateCutoffDays: '5' }, '/admin/tokens')).res.statusCode).toBe(403);
    expect(await settingsEvents(before)).toEqual([]);
  });
});
