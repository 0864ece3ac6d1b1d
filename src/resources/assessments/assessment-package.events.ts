// The events of assessment packages (decision 0031): an ATS or the agency's tools that offer the
// tenant's packages hear when one is created, replaced, given or relieved of an assessment, or
// deleted, without polling the list.
import { eventOf, type EventKind } from '../../platform/events/event-type.ts';
import { SESSION_READ_SCOPES } from './assessment-session.events.ts';

/**
 * A package is tenant-wide (no node of its own): its events sit at the tenant's root node, seen by
 * those who see the whole tenant. Its GET asks for no scope; its events ask for one of the
 * assessment scopes (a feed reader needs one scope to read a type by, and those who read packages
 * to request sessions hold them).
 */
const source = {
  node: '(select n.id from hierarchy_nodes n where n.tenant_id = r.tenant_id and n.parent_id is null order by n.id limit 1)',
  location: `'/Administration/AssessmentPackages/' || r.id`,
};
const packages: EventKind = { stem: 'assessmentPackage', recordType: 'AssessmentPackage', path: '/Administration/AssessmentPackages', readScopes: SESSION_READ_SCOPES, source };

export const ASSESSMENT_PACKAGE_CREATED = eventOf(packages, 'created', 'an assessment package was created (`POST /Administration/AssessmentPackages`)', 'none');

export const ASSESSMENT_PACKAGE_UPDATED = eventOf(packages, 'updated', 'an assessment package was replaced (`PUT /Administration/AssessmentPackages/{id}`), or an assessment added to or removed from it (`/Administration/AssessmentPackages/{id}/Assessments`)', 'a PUT: the fields whose value it changed (`name`, `description`, `assessmentVendorId`, `isActive`; an empty list when it changed nothing); a member added or removed: `assessments`');

export const ASSESSMENT_PACKAGE_DELETED = eventOf(packages, 'deleted', 'an assessment package was deleted with its members (`DELETE /Administration/AssessmentPackages/{id}`); sessions requested from it keep their copy', 'none');
