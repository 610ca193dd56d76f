/** 离职's status colours, by meaning as every map of shared/ui/status-colors.ts (its own test here). */
import type { StatusColors } from '../../../shared/ui/status-colors';

export const DIMISSION_REQUEST_COLORS: StatusColors = { pending: 'warning', approved: 'brand', rejected: 'danger', withdrawn: 'informative', left: 'success' };
export const DIMISSION_PROOF_COLORS: StatusColors = { draft: 'warning', issued: 'brand', viewed: 'success', void: 'informative' };
