// The event feed's query and page (docs/events.md). The event itself is the platform's
// (platform/events/event-shape.ts): the same object a webhook delivers.
import { Type } from 'typebox';
import { EventBody } from '../../platform/events/event-shape.ts';
import { PageQuery } from '../../platform/http/paging.ts';

export const EventFeedQuery = Type.Object({
  after: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, default: 0, description: 'The cursor: the `sequence` of the last event you have (or the page\'s `next`); 0 from the start.' }),
  take: PageQuery.properties.take,
  wait: Type.Integer({
    minimum: 0, maximum: 30, default: 0,
    description: 'Seconds to wait when nothing is after the cursor (long poll): the answer comes as soon as an event you may see commits, or empty when the time runs out. 0: answer at once.',
  }),
  types: Type.Optional(Type.String({
    minLength: 1, maxLength: 2000,
    description: 'Only events of these types, comma-separated (`employee.created,jobOrderCandidate.created`); `next` then follows the events shown.',
  })),
});

export const EventPage = Type.Object({
  data: Type.Array(EventBody, { description: 'Events after the cursor that you may see, in sequence order.' }),
  totalCount: Type.Integer({ minimum: 0, description: 'Events after the cursor that you may see, this page included.' }),
  next: Type.Integer({ minimum: 0, description: 'The cursor to ask with next: the last sequence of this page (`after` itself when the page is empty).' }),
}, { $id: 'EventPage' });
