/**
 * The colour of every status badge of the console, in one place (issue 33: the worker's 已拒签
 * showed green): colours follow meaning — refused, rejected or failed is danger; waiting on
 * someone is warning (or informative while nobody has to act); under way is brand; done is
 * success; withdrawn or closed is subtle or informative. status-colors.test.ts holds every map
 * to that. The payouts' colours live with their vocabulary (contract/payouts-rules).
 */
import { BATCH_STATUS, ROW_STATUS } from '../../../contract/payouts-rules';

export type StatusColor = 'success' | 'warning' | 'danger' | 'informative' | 'brand' | 'subtle';
type Colors = Readonly<Record<string, StatusColor>>;

const fromVocab = (list: readonly { code: string; color: StatusColor }[]): Colors => Object.fromEntries(list.map((x) => [x.code, x.color]));

export const STATUS_COLORS = {
  dimissionRequest: { pending: 'warning', approved: 'brand', rejected: 'danger', withdrawn: 'informative', left: 'success' },
  dimissionProof: { draft: 'warning', issued: 'brand', viewed: 'success', void: 'informative' },
  task: { draft: 'informative', review: 'warning', rejected: 'danger', recruiting: 'brand', ongoing: 'brand', ended: 'success', canceled: 'informative' },
  sign: { pending: 'warning', signed: 'success', refused: 'danger', expired: 'informative' },
  work: { applied: 'warning', hired: 'brand', working: 'brand', delivered: 'warning', accepted: 'success', rejected: 'danger' },
  imports: { validating: 'brand', pending: 'warning', importing: 'brand', success: 'success', failed: 'danger' },
  position: { open: 'success', review: 'warning', rejected: 'danger', closed: 'informative' },
  apply: { pending: 'warning', viewed: 'brand', invited: 'brand', unsuitable: 'informative', hired: 'success' },
  interview: { pending: 'warning', accepted: 'brand', declined: 'danger', canceled: 'informative', done: 'success', no_show: 'danger', reviewed: 'success' },
  tax: {
    draft: 'informative',
    checking: 'warning',
    unpaid: 'warning',
    paying: 'brand',
    issuing: 'brand',
    issued: 'success',
    rejected: 'danger',
    withdrawn: 'subtle',
  },
  taxService: { none: 'informative', pending: 'warning', approved: 'success', rejected: 'danger' },
  payBatch: fromVocab(BATCH_STATUS),
  payRow: fromVocab(ROW_STATUS),
} as const satisfies Record<string, Colors>;

export type StatusVocab = keyof typeof STATUS_COLORS;

/** A status's badge colour; an unknown code is informative (it says nothing good or bad). */
export function statusColor(vocab: StatusVocab, code: string): StatusColor {
  return (STATUS_COLORS[vocab] as Colors)[code] ?? 'informative';
}
