// Webhook deliveries are signed the Standard Webhooks way (docs/events.md): `webhook-id`,
// `webhook-timestamp` and `webhook-signature` (`v1,<Base64 HMAC-SHA256>`, the previous secret's
// signature beside the new one for a while after a rotation). Verification is the standardwebhooks
// package's: the signature of the raw body in constant time, and a timestamp within five minutes (a
// replayed delivery is refused).
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { StaffingEvent } from './feed.js';

export { WebhookVerificationError };

/** The headers of a delivery: a fetch `Headers`, or Node's `request.headers`. */
export type DeliveryHeaders = Headers | Record<string, string | string[] | undefined>;

const SIGNED_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

function headerOf(headers: DeliveryHeaders, name: string): string {
  const value = headers instanceof Headers ? headers.get(name) : headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * The event a delivery carries, once its signature is verified with the subscription's secret
 * (`whsec_...`, shown when the subscription was made or its secret rotated). `body` is the raw body
 * as received: verify before parsing, since re-serialized JSON signs differently. Throws
 * WebhookVerificationError when the signature or the timestamp is wrong. Dedupe on `webhook-id`:
 * delivery is at least once.
 */
export function verifyWebhook(secret: string, body: string, headers: DeliveryHeaders): StaffingEvent {
  const signed = Object.fromEntries(SIGNED_HEADERS.map((name) => [name, headerOf(headers, name)]));
  new Webhook(secret).verify(body, signed);
  // The signature proves the service wrote this body, and the service writes events of this schema.
  const event: StaffingEvent = JSON.parse(body);
  return event;
}
