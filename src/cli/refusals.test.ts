// How a refusal ends a command: each error class's exit code (sysexits.h), errors that are no refusal
// left to propagate, and the message printed on stderr.
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
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
import { exitCodeOf, InputError, refusing, UsageError } from './refusals.ts';
import { NoTenantError } from './tenant.ts';

/** The error a promise or function ends with. */
async function errorOf(run: () => unknown): Promise<unknown> {
  try { await run(); } catch (e) { return e; }
  throw new Error('expected an error');
}

const folder = mkdtempSync(join(tmpdir(), 'refusals-'));

describe('exitCodeOf', () => {
  it('gives each refusal its sysexits.h code', async () => {
    const cases: [string, unknown, number][] = [
      ['UsageError', new UsageError('--tenant is required.'), 64],
      ['RegistrationLinkError', new RegistrationLinkError('localeId', 'must be en or es'), 64],
      ['parseArgs: unknown option', await errorOf(() => parseArgs({ args: ['--colour'], options: {} })), 64],
      ['parseArgs: option without its value', await errorOf(() => parseArgs({ args: ['--tenant'], options: { tenant: { type: 'string' } } })), 64],
      ['InputError', new InputError('No active client x.'), 65],
      ['NoTenantError', new NoTenantError('No tenant named "x".'), 65],
      ['ListEntryError', new ListEntryError('No list named "x".'), 65],
      ['CatalogFileError', new CatalogFileError('Row 2: name is required'), 65],
      ['CredentialRequestError', new CredentialRequestError('Unknown scopes: x'), 65],
      ['ClientRequestError', new ClientRequestError('Unknown scopes: x'), 65],
      ['RepLoginError', new RepLoginError('The username "x" is taken in this tenant.'), 65],
      ['ServiceRepError', new ServiceRepError('The tenant has no hierarchy node 9.'), 65],
      ['AppError 409', new AppError('CONFLICT', 'The tenant already has an assessment vendor named "x".'), 65],
      ['AppError 404', new AppError('NOT_FOUND', 'Assessment vendor 1 does not exist.'), 65],
      ['a missing file', await errorOf(() => readFile(join(folder, 'missing.csv'))), 66],
      ['a folder read as a file', await errorOf(() => readFile(folder)), 66],
      ['NoDatabaseError', new NoDatabaseError('No database in DATA_DIR=x'), 69],
      ['ConfigError', new ConfigError('PORT="x" is not a port'), 78],
    ];
    // Compared as one table, so that a broken mapping shows every case it breaks.
    expect(Object.fromEntries(cases.map(([what, error]) => [what, exitCodeOf(error)]))).toEqual(Object.fromEntries(cases.map(([what, , code]) => [what, code])));
  });

  it('leaves errors that are no refusal to propagate', () => {
    const cases: [string, unknown][] = [
      ['an Error', new Error('insert returned no row')],
      ['a TypeError', new TypeError('Cannot read properties of undefined')],
      ['a 5xx AppError', new AppError('INTERNAL')],
      ['a program that is not there', Object.assign(new Error('spawn pg_ctl ENOENT'), { code: 'ENOENT', syscall: 'spawn pg_ctl' })],
      ['something thrown that is not an Error', 'ENOENT'],
    ];
    expect(Object.fromEntries(cases.map(([what, error]) => [what, exitCodeOf(error)]))).toEqual(Object.fromEntries(cases.map(([what]) => [what, undefined])));
  });
});

describe('refusing', () => {
  it('prints a refusal\'s message on stderr and returns its code; rethrows anything else', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const refused = refusing(async (name: string) => { throw new NoTenantError(`No tenant named "${name}".`); });
      expect(await refused('nobody')).toBe(65);
      expect(error.mock.calls).toEqual([['No tenant named "nobody".']]);
      expect(await refusing(async () => 0)()).toBe(0);
      const bug = new Error('a bug');
      await expect(refusing(async () => { throw bug; })()).rejects.toBe(bug);
    } finally {
      error.mockRestore();
    }
  });
});
