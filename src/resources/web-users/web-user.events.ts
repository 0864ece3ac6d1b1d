// The events of web user logins (decision 0031): an employee portal or the agency's tools hear when
// an employee or a contact is given a login, and when one is taken away.
import { eventOf, type EventKind } from '../../platform/events/event-type.ts';

/**
 * A web user has no node of its own: its events sit at its employee's or contact's node, seen by those
 * who see that record. No GET reads a web user; the scope that writes them reads their events.
 */
const source = {
  node: `coalesce((select e.hier_id from employees e where e.tenant_id = r.tenant_id and e.id = r.employee_id),
    (select c.hier_id from contacts c where c.tenant_id = r.tenant_id and c.id = r.contact_id))`,
  location: `'/WebUsers/' || r.id`,
};
const webUsers: EventKind = { stem: 'webUser', recordType: 'WebUser', path: '/WebUsers', readScopes: ['webuser-write'], source };

export const WEB_USER_CREATED = eventOf(webUsers, 'created', 'an employee or a customer contact was given a login for the `tw_vendor_webuser` grant (`POST /WebUsers`, the admin pages, an applicant\'s registration, `staffing login webuser create`)', 'none');

export const WEB_USER_DISABLED = eventOf(webUsers, 'disabled', 'a web user\'s login was disabled (`DELETE /WebUsers/{id}`, the admin pages): it signs in no more and its tokens stop working', 'none');
