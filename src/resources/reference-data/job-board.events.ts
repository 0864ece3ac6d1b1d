// The event of the job board settings (issue 27): the agency's web site or an integration that
// mirrors the job board hears that the tenant changed what the board shows.
import type { EventTemplate } from '../../platform/events/outbox.ts';
import type { EventType } from '../../platform/events/event-type.ts';

/**
 * The settings are the tenant's, with no id of their own: the record is the tenant's settings, its
 * id the tenant's top hierarchy node (where only reps at the top change them), as the assignment
 * restriction rules'. Read by the job board's scopes, whose answers the settings shape.
 */
export const JOB_BOARD_SETTINGS_UPDATED: EventTemplate & EventType = {
  type: 'jobBoardSettings.updated', recordType: 'JobBoardSettings', path: '/admin/job-board', readScopes: ['jobboard-read', 'jobboard-write'],
  when: 'the tenant\'s job board settings were saved (the admin pages\' job board); the record is the tenant\'s settings (id: the top hierarchy node\'s), seen at the top',
  changedFields: 'the settings whose value changed: `canSearchByLocation`, `jobDescriptionFallback`, `jobTitleFallback`, `hideOldDates`, `oldDateCutoffDays`, `hideWorksite`, `doNotPostToWeb`',
  source: { node: 'r.id', location: `'/admin/job-board'` },
};
