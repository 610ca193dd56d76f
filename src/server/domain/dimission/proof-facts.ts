/**
 * What a proof states, checked against what the company holds (issue 30 items 1, 2 and 5): the
 * facts of a draft are the departure record's (a save writes both), the years of service and the
 * date are computed, the wording is neutral (contract wordingProblem, the one rule every path
 * asks), and 确认出具 waits for the departure date unless HR records why it is issued early.
 */
import { dateProblem, earlyIssueRefusal, isEarly, legalBasisLabel, wordingProblem, type WordedField } from '../../../contract/dimission-rules';
import type { Db } from '../../db/types';
import { badRequest, conflict } from '../../lib/refusal';
import type { ProofRow } from './proofs';
import { missing } from './shared';

/** The neutral-wording rule on the server: the first evaluative word refused, in Chinese. */
export function assertNeutral(texts: Partial<Record<WordedField, string | null | undefined>>): void {
  const problem = wordingProblem(texts);
  if (problem) throw badRequest(problem.message);
}

/** The facts of a departure record that a proof restates. */
export interface RecordFacts {
  name: string;
  id_card_mask: string;
  job_name: string;
  entry_date: string;
  leave_date: string;
  contract_start: string | null;
  contract_end: string | null;
  contract_open_ended: boolean;
  legal_basis: string;
}

export async function recordFacts(db: Db, companyId: number, recordId: number): Promise<RecordFacts> {
  const r = await db.one<RecordFacts>(
    `SELECT name, id_card_mask, job_name, entry_date, leave_date, contract_start, contract_end, contract_open_ended, legal_basis
       FROM departure_records WHERE id = $1 AND company_id = $2 FOR UPDATE`,
    [recordId, companyId],
  );
  if (!r) throw missing('离职记录');
  return r;
}

/** Each fact of a proof with its label, as the proof and the record hold it. */
function pairs(p: ProofRow, r: RecordFacts): [string, string, string][] {
  const open = (b: boolean) => (b ? '无固定期限' : '固定期限');
  return [
    ['姓名', p.name, r.name],
    ['身份证号', p.id_card_mask, r.id_card_mask],
    ['工作岗位', p.job_name, r.job_name],
    ['入职日期', p.entry_date, r.entry_date],
    ['解除或者终止劳动合同的日期', p.leave_date, r.leave_date],
    // a record without a contract start (an approved request) starts the draft on the entry date
    ['劳动合同起始日期', p.contract_start ?? '', r.contract_start ?? r.entry_date],
    ['劳动合同期限类型', open(p.contract_open_ended), open(r.contract_open_ended)],
    ['劳动合同终止日期', p.contract_open_ended ? '' : (p.contract_end ?? ''), r.contract_open_ended ? '' : (r.contract_end ?? '')],
    ['法定依据', legalBasisLabel(p.legal_basis), legalBasisLabel(r.legal_basis)],
  ];
}

/**
 * Why draft `p` cannot be issued on `today` as it stands, or null: its facts differ from the
 * record's, break a date rule, carry an evaluative word, or speak of a departure still to come
 * without a recorded reason.
 */
export function issueRefusal(p: ProofRow, r: RecordFacts, today: string, earlyReason: string) {
  for (const [label, stated, held] of pairs(p, r)) {
    if (stated !== held) return conflict(`离职证明中的${label}（${stated || '空'}）与离职记录（${held || '空'}）不一致，请编辑离职证明核对后再出具`);
  }
  const problem = dateProblem({
    entry_date: p.entry_date,
    leave_date: p.leave_date,
    contract_start: p.contract_start ?? '',
    contract_end: p.contract_end ?? '',
    contract_open_ended: p.contract_open_ended,
  });
  if (problem) return badRequest(`${problem}，请先编辑离职证明`);
  if (!p.legal_basis) return badRequest('请选择解除或者终止的法定依据');
  const words = wordingProblem({ job_name: p.job_name, non_compete: p.non_compete, early_reason: earlyReason });
  if (words) return badRequest(words.message);
  if (isEarly(p.leave_date, today) && !earlyReason.trim()) return conflict(earlyIssueRefusal(p.leave_date));
  return null;
}
