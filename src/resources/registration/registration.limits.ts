// Public registration's rate limits (decision 0034): a registration spends a point of its client
// address and one of its tenant, taken before anything is written, so requests sent together cannot
// pass the limit between them. A registration that is not made (the form sent back with errors) gives
// both back: the limits count accounts created, not typing mistakes.
import type { Limits, LimitState } from '../../platform/rate-limit/rate-limit.ts';

export interface RegistrationPlace { address: string; tenantId: number }

/** Takes the registration's points; the refusal (the limit used up) when there was none, and then nothing is spent. */
export async function takeRegistration(limits: Limits, at: RegistrationPlace): Promise<LimitState | undefined> {
  const byAddress = await limits.registrationByAddress.consume(at.address);
  if (!byAddress.allowed) return byAddress;
  const byTenant = await limits.registrationByTenant.consume(String(at.tenantId));
  if (byTenant.allowed) return undefined;
  await limits.registrationByAddress.refund(at.address);
  return byTenant;
}

/** Gives back what `takeRegistration` took, for a registration that was not made. */
export async function giveBackRegistration(limits: Limits, at: RegistrationPlace): Promise<void> {
  await Promise.all([limits.registrationByAddress.refund(at.address), limits.registrationByTenant.refund(String(at.tenantId))]);
}
