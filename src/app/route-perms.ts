/**
 * The permission each route's page needs to be of use (issue 27, docs/roles.md): what its lists
 * read. A user admitted to the company whose roles do not grant it sees, in place of the page, who
 * may see it (NoAccess) instead of a page of refused calls; the top navigation leaves out the areas
 * they can use none of. Routes not named here are open to every member. The payout pages
 * (/special/batch, /employment/runRecord, /employment/pay-list, /special/receipt) decide for
 * themselves (features/payouts).
 */
import type { PermRule } from '../contract/roles';

const IMPORTS: PermRule = ['payout.prepare', 'hr', 'finance'];

export const routePerms: Readonly<Record<string, PermRule>> = {
  hall: 'recruit',
  position: 'recruit',
  positionPost: 'recruit',
  positionCollection: 'recruit',
  positionEntry: 'recruit',
  positionInvite: 'recruit',
  dimission: 'hr',
  dimissionPrint: 'hr',
  bulkImport: IMPORTS,
  importBatch: IMPORTS,
  employment: 'hr',
  employmentPost: 'hr',
  employmentProtocol: 'hr',
  employmentSetting: 'hr',
  employmentPreview: 'hr',
  employmentTask: 'hr',
  employmentEvidence: 'hr',
  payTaxesList: 'finance',
  payTaxesAuth: 'finance',
  payTaxesAdd: 'finance',
  payTaxesCheck: 'finance',
  payTaxesOrder: 'finance',
  payTaxesDetail: 'finance',
  payTaxesBulkImport: 'finance',
};
