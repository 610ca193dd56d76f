/**
 * The server half of each import type: which rows already exist (duplicates against stored rows,
 * through the blind index) and the commit that writes them in the caller's transaction. One file
 * per type in `types/`, one line here; the columns and row rules live in src/contract/import-types.
 */
import { IMPORT_TYPE_PERMS, isImportType, type ImportTypeName } from '../../contract/imports';
import { memberCompanyOf, requirePermission, taxCompany } from '../domain/access';
import type { AuthInfo } from '../domain/users';
import { notFound } from '../lib/refusal';
import type { ServerImportType } from './server-type';
import { dimissionServer } from './types/dimission';
import { workersServer } from './types/workers';
import { taxServer } from './types/tax';
import { payoutServer } from './types/payout';

const SERVER_TYPES: { [K in ImportTypeName]: ServerImportType<never> } = {
  dimission: dimissionServer as ServerImportType<never>,
  workers: workersServer as ServerImportType<never>,
  tax: taxServer as ServerImportType<never>,
  payout: payoutServer as ServerImportType<never>,
};

export const serverImportType = (t: ImportTypeName) => SERVER_TYPES[t] as unknown as ServerImportType<unknown>;
export type { ServerImportType };

/** The type named in a path or stored on a batch; an unknown one is a 404. */
export function importTypeOf(t: string): ImportTypeName {
  if (!isImportType(t)) throw notFound('导入类型不存在');
  return t;
}

/**
 * The members-only gate, and for the tax service's type the tax flag too (issue 14); the type's own
 * permission (IMPORT_TYPE_PERMS: a payout list needs payout.prepare, departures and workers hr, tax
 * rows finance) on top of the table's "any import permission".
 */
export function importCompany(auth: AuthInfo, now: Date, type: ImportTypeName) {
  requirePermission(auth, IMPORT_TYPE_PERMS[type]);
  return type === 'tax' ? taxCompany(auth, now) : memberCompanyOf(auth, now);
}
