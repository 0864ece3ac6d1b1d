// How a refusal ends a `staffing` command, decided here only (sysexits.h codes, listed for users in
// docs/operations.md). Commands throw; main.ts runs them through `refusing`: the message on stderr,
// the code as exit status. An error that is no refusal is a bug: it propagates with its stack (exit 1).
import { ConfigError } from '../config.ts';
import { ClientRequestError } from '../platform/auth/clients.ts';
import { RepLoginError } from '../platform/auth/rep-logins.ts';
import { CredentialRequestError } from '../platform/auth/tokens.ts';
import { NoDatabaseError } from '../platform/db/connect.ts';
import { AppError } from '../platform/http/errors.ts';
import { CatalogFileError } from '../resources/assessments/assessment-catalog.csv.ts';
import { ListEntryError } from '../resources/datalists/back-office.repository.ts';
import { RegistrationLinkError } from '../resources/registration/registration-link.ts';
import { ServiceRepError } from '../resources/tenants/service-rep.repository.ts';
import { NoTenantError } from './tenant.ts';

/** Wrong usage: an unknown command or action, a flag missing, unknown or malformed. */
export class UsageError extends Error {}

/** Input a command refuses by itself: a name already taken, a record that does not exist. */
export class InputError extends Error {}

export const EX_USAGE = 64, EX_DATAERR = 65, EX_NOINPUT = 66, EX_UNAVAILABLE = 69, EX_CONFIG = 78;

/** A file that cannot be read (missing, not allowed, a folder) when opening or reading it (not a program started). */
const UNREADABLE = ['ENOENT', 'EACCES', 'EISDIR'], READING = ['open', 'read', 'scandir'];

/** A system error's text property: `code` (`ERR_PARSE_ARGS_*` from node:util parseArgs, errno names), `syscall`. */
function systemField(e: unknown, name: 'code' | 'syscall'): string | undefined {
  const value: unknown = e instanceof Error ? Reflect.get(e, name) : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** The exit code of a refusal, or undefined for an error that is not one (a bug). */
export function exitCodeOf(e: unknown): number | undefined {
  // The registration link is made of flags only: a bad parameter is a malformed flag.
  if (e instanceof UsageError || e instanceof RegistrationLinkError) return EX_USAGE;
  if (e instanceof InputError || e instanceof NoTenantError || e instanceof ListEntryError || e instanceof CatalogFileError
    || e instanceof CredentialRequestError || e instanceof ClientRequestError || e instanceof RepLoginError
    || e instanceof ServiceRepError) return EX_DATAERR;
  // A domain AppError of the client's kind (4xx) is refused input; a 5xx one is a fault.
  if (e instanceof AppError) return e.status < 500 ? EX_DATAERR : undefined;
  if (e instanceof NoDatabaseError) return EX_UNAVAILABLE;
  if (e instanceof ConfigError) return EX_CONFIG;
  const code = systemField(e, 'code') ?? '', syscall = systemField(e, 'syscall') ?? '';
  if (code.startsWith('ERR_PARSE_ARGS_')) return EX_USAGE;
  if (UNREADABLE.includes(code) && READING.includes(syscall)) return EX_NOINPUT;
  return undefined;
}

/** The command with its refusals ended: the message on stderr, the refusal's exit code returned. */
export function refusing<A extends unknown[]>(command: (...args: A) => Promise<number>): (...args: A) => Promise<number> {
  return async (...args) => {
    try {
      return await command(...args);
    } catch (e) {
      const code = exitCodeOf(e);
      if (code === undefined || !(e instanceof Error)) throw e;
      console.error(e.message);
      return code;
    }
  };
}
