// The consent page's list: the scopes asked for, grouped by what they are about (the groups of the
// scope catalogue, platform/auth/scopes.ts), each group in plain words with the access asked for
// (see, change, or both). The scope names themselves stay on the page, folded, for integrators.
import { SCOPE_GROUPS, scopeGroupOf, type ScopeGroup } from '../platform/auth/scopes.ts';
import type { Messages } from './i18n.ts';

/** `identity`: the OpenID scopes; `other`: a name the catalogue does not know (never expected). */
type ConsentGroupId = 'identity' | ScopeGroup | 'other';
const ORDER: readonly ConsentGroupId[] = ['identity', ...SCOPE_GROUPS, 'other'];

export interface ConsentGroup { title: string; about: string; access: string; scopes: string[] }

function groupOf(scope: string): { id: ConsentGroupId; changes: boolean } {
  if (scope === 'openid') return { id: 'identity', changes: false };
  const found = scopeGroupOf(scope);
  return found ? { id: found.group, changes: found.changes } : { id: 'other', changes: true };
}

export function consentGroups(scopes: readonly string[], t: Messages): ConsentGroup[] {
  const groups = new Map<ConsentGroupId, { reads: boolean; changes: boolean; scopes: string[] }>();
  for (const scope of scopes) {
    const { id, changes } = groupOf(scope);
    const group = groups.get(id) ?? { reads: false, changes: false, scopes: [] };
    if (changes) group.changes = true;
    else group.reads = true;
    group.scopes.push(scope);
    groups.set(id, group);
  }
  return ORDER.flatMap((id) => {
    const group = groups.get(id);
    if (!group) return [];
    const access = group.reads && group.changes ? t.accessReadChange : group.changes ? t.accessChange : t.accessRead;
    return [{ title: t[`scopes_${id}`], about: t[`about_${id}`], access, scopes: group.scopes }];
  });
}
