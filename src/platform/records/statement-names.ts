// Named statements are prepared on each connection under their name, and node-postgres refuses a
// second text under a name it has prepared: two readers sharing a name would fail at their first
// request (a 500). A reader claims its name when it is defined, so such a pair fails at start instead.
const claimed = new Set<string>();

/** `name`, claimed for one statement of this process; throws if another already holds it. */
export function claimStatementName(name: string): string {
  if (claimed.has(name)) throw new Error(`Two statements are named "${name}": give one of them a name of its own.`);
  claimed.add(name);
  return name;
}
