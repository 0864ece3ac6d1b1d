// The tenant's match weights changed (decision 0058): located at their path, at the tenant's root
// node (the weights have no id of their own), as the vetting rules' event is.
import type { EventTemplate } from '../../platform/events/outbox.ts';
import type { EventType } from '../../platform/events/event-type.ts';

export const MATCHING_WEIGHTS_UPDATED: EventTemplate & EventType = {
  type: 'matchingWeights.updated', recordType: 'MatchingWeights', path: '/Matching/Weights', readScopes: ['order-read', 'order-write'],
  when: '`PUT /Matching/Weights` changed the tenant\'s match weights; the record is the tenant\'s weights (`/Matching/Weights`, id: the root hierarchy node\'s), seen at the root',
  changedFields: 'the categories whose weight changed (`distance`), as `GET /Matching/Weights` names them',
  source: { node: 'r.id', location: `'/Matching/Weights'` },
};
