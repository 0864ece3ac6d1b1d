// ASG-29 (decision 0017): what an assignment status means and where it may go next. The tenant's
// statuses are a list of its own (seeded: Active, Pending Start, Ended, Cancelled); the default names
// give their kinds, and a status the tenant adds counts as active or ended by its isActive flag.

export type StatusKind = 'pending' | 'active' | 'ended' | 'cancelled';

export const PENDING_START = 'Pending Start';
export const ACTIVE = 'Active';

export function kindOf(status: { name: string; isActive: boolean }): StatusKind {
  if (status.name === PENDING_START) return 'pending';
  if (status.name === 'Cancelled') return 'cancelled';
  return status.isActive ? 'active' : 'ended';
}

/**
 * Pending Start → Active or Cancelled; Active → Ended; Ended and Cancelled are final. A move between
 * two statuses of one kind (two active statuses of the tenant's) is allowed where the kind may move on.
 */
export const STATUS_TRANSITIONS: Record<StatusKind, readonly StatusKind[]> = {
  pending: ['pending', 'active', 'cancelled'],
  active: ['active', 'ended'],
  ended: [],
  cancelled: [],
};

/** Why the move is refused, or undefined when it is allowed. */
export function refusedMove(from: { name: string; isActive: boolean }, to: { name: string; isActive: boolean }): string | undefined {
  const allowed = STATUS_TRANSITIONS[kindOf(from)];
  if (allowed.includes(kindOf(to))) return undefined;
  return allowed.length === 0
    ? `cannot change: ${from.name} is final`
    : `cannot move from ${from.name} to ${to.name} (${from.name} moves to ${allowed.join(' or ')} statuses only)`;
}

/** A new assignment starts Pending Start when its start date is still ahead, else Active. */
export function startStatusName(startDate: Date, now = new Date()): string {
  return startDate.getTime() > now.getTime() ? PENDING_START : ACTIVE;
}
