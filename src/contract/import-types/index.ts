/**
 * The registry of import types: one file per type in this folder, one line here (and one line in
 * the server's registry for its commit). The console and the server both read it.
 */
import type { ImportTypeDef } from '../import-rules';
import { dimissionImport } from './dimission';
import { workersImport } from './workers';
import { taxImport } from './tax';
import { payoutImport } from './payout';

export const IMPORT_TYPE_DEFS = {
  dimission: dimissionImport,
  workers: workersImport,
  tax: taxImport,
  payout: payoutImport,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
} as const satisfies Record<string, ImportTypeDef<any>>;

export type ImportTypeName = keyof typeof IMPORT_TYPE_DEFS;
export const IMPORT_TYPE_NAMES = Object.keys(IMPORT_TYPE_DEFS) as ImportTypeName[];
export const isImportType = (t: string): t is ImportTypeName => Object.hasOwn(IMPORT_TYPE_DEFS, t);
export const importTypeDef = (t: ImportTypeName): ImportTypeDef<unknown> => IMPORT_TYPE_DEFS[t] as unknown as ImportTypeDef<unknown>;
export const importTypeLabel = (t: string) => (isImportType(t) ? IMPORT_TYPE_DEFS[t].label : t);
