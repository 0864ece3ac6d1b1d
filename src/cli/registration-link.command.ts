// `staffing registration-link`: prints an applicant registration link (REG-01 to REG-21). Needs no
// database: the registration site is separate (AMB-26 (a)) and resolves the ids itself. A bad
// parameter is a malformed flag (refusals.ts).
import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import { usageText, type CommandUsage } from './usage.ts';
import { registrationLink, RegistrationLinkError, type RegistrationLinkInput } from '../resources/registration/registration-link.ts';

/** Option name → link parameter, and whether it holds an id. */
const OPTIONS: Record<string, [keyof RegistrationLinkInput, 'id' | 'text']> = {
  'branch-id': ['branchId', 'id'], 'workflow-name': ['workflowName', 'text'], 'workflow-id': ['workflowId', 'id'], 'username': ['username', 'text'],
  'email-address': ['emailAddress', 'text'], 'phone-number': ['phoneNumber', 'text'], 'how-heard-of-id': ['howHeardOfId', 'id'],
  'first-name': ['firstName', 'text'], 'middle-name': ['middleName', 'text'], 'last-name': ['lastName', 'text'], 'postal-code': ['postalCode', 'text'],
  'employment-category-id': ['employmentCategoryId', 'text'], 'utm-source': ['utm_source', 'text'], 'utm-campaign': ['utm_campaign', 'text'],
  'utm-medium': ['utm_medium', 'text'],
};

export const REGISTRATION_LINK_USAGE: CommandUsage = {
  '': {
    args: `--tenant-name <name> --locale <en|es> [--orders <id,id>] [--branch-id <id>]
    [--workflow-id <id>] [--workflow-name <text>] [--username ..] [--email-address ..] [--phone-number ..] [--how-heard-of-id <id>]
    [--first-name ..] [--middle-name ..] [--last-name ..] [--postal-code ..] [--employment-category-id <guid>]
    [--utm-source ..] [--utm-campaign ..] [--utm-medium ..] [--registration-url <url>]`,
    does: 'print an applicant registration link (docs/registration-link.md)',
  },
};

/** Digits become numbers; anything else stays text so the link's checks name it. */
const asId = (value: string): number | string => (/^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : value);

export async function registrationLinkCommand(config: Config, args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      'tenant-name': { type: 'string' }, locale: { type: 'string' }, orders: { type: 'string' }, 'registration-url': { type: 'string' },
      ...Object.fromEntries(Object.keys(OPTIONS).map((name) => [name, { type: 'string' as const }])),
    },
  });
  const v: Record<string, string | undefined> = values;
  if (!v['tenant-name'] || !v.locale) throw new RegistrationLinkError('usage', `--tenant-name and --locale are required.\n${usageText('registration-link', REGISTRATION_LINK_USAGE)}`);
  const input: { -readonly [K in keyof RegistrationLinkInput]?: unknown } = { tenantName: v['tenant-name'], localeId: v.locale };
  for (const [option, [param, kind]] of Object.entries(OPTIONS)) {
    if (v[option] !== undefined) input[param] = kind === 'id' ? asId(v[option]!) : v[option];
  }
  if (v.orders !== undefined) input.orders = v.orders.split(',').map(asId);
  console.log(registrationLink(v['registration-url'] ?? config.REGISTRATION_URL, input));
  return 0;
}
