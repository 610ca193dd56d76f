/**
 * Issue 30 item 2, as a property: for any entry date and any departure date, the years of service
 * a proof states (the template's 在本单位的工作年限, and the check the server makes of a typed
 * value) are the months counted another way (tests/setup/proofs.ts referenceTenure). The same
 * property over HTTP, through 确认出具 and 验真: routes/proof-facts.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDaysTo, cnDate, proofDocument, tenureProblem, tenureText, type ProofFacts } from '../../../contract/dimission-rules';
import { referenceTenure } from '../../../../tests/setup/proofs';

const base: ProofFacts = {
  name: '林晓',
  id_card: '330106********1234',
  job_name: '前端工程师',
  entry_date: '',
  leave_date: '',
  contract_start: null,
  contract_end: null,
  contract_open_ended: true,
  tenure_text: '',
  legal_basis: 'resign',
  print_reason: false,
  non_compete: '',
  company_name: '杭州云帆智联科技有限公司',
  issue_date: '',
  serial: '',
};

describe('the stated tenure', () => {
  it('equals the months counted another way, for any pair of dates', () => {
    const day = fc.integer({ min: 0, max: 30_000 }).map((n) => addDaysTo('1950-01-01', n));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 20_000 }), (entry, span) => {
        const leave = addDaysTo(entry, span);
        const due = referenceTenure(entry, leave);
        expect(tenureText(entry, leave)).toBe(due);
        const doc = proofDocument({ ...base, entry_date: entry, leave_date: leave, issue_date: leave, tenure_text: tenureText(entry, leave) });
        expect(doc.items.find((i) => i.key === 'tenure')!.value).toBe(`${due}（${cnDate(entry)}入职）`);
        expect(tenureProblem(due, entry, leave)).toBeNull();
      }),
      { numRuns: 3000 },
    );
  });
});
