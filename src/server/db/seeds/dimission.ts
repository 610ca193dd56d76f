/**
 * Departure demo data (issue 11): the approved request of 郑雪 becomes a departure record with a
 * draft proof (overdue: her last day has passed); the demo companies' former employees whose
 * resumes show a platform proof (candidate_work.resign_type = 'in') get a record and an issued
 * proof, and the resume's proof image is drawn from that proof (candidate_work.resign_id = proof id).
 */
import { basisOfLeaveType, tenureText } from '../../../contract/dimission-rules';
import { proofSerial } from '../../domain/dimission/proofs';
import { sealPii } from '../../lib/pii';
import { addDays } from '../../lib/time';
import type { SeedStep } from '../seed';

const W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** A GB 11643 number with a valid check digit (demo people only). */
export function makeIdCard(region: string, birth: string, seq: number): string {
  const body = `${region}${birth.replaceAll('-', '')}${String(seq % 1000).padStart(3, '0')}`;
  let s = 0;
  for (let i = 0; i < 17; i++) s += Number(body[i]) * W[i]!;
  return body + '10X98765432'[s % 11]!;
}

const records: SeedStep = {
  name: '010_dimission_records',
  async run(db, now) {
    // the seeded approved request (company 1)
    const reqs = await db.query<{
      id: number;
      company_id: number;
      employee_name: string;
      mobile_enc: string | null;
      dept_name: string;
      job_name: string;
      join_date: string;
      last_day: string;
      type: string;
      reviewed_by: number | null;
    }>(
      `SELECT id, company_id, employee_name, mobile_enc, dept_name, job_name, join_date, last_day, type, reviewed_by
         FROM resignation_requests WHERE status = 'approved' AND record_id IS NULL ORDER BY id`,
    );
    let seq = 11;
    for (const r of reqs) {
      const idCard = sealPii('id_card', makeIdCard('330106', '1994-03-18', seq++));
      await db.query('UPDATE resignation_requests SET id_card_enc = $2, id_card_bidx = $3, id_card_mask = $4, handover_name = $5 WHERE id = $1', [
        r.id,
        idCard.enc,
        idCard.bidx,
        idCard.mask,
        '李娜',
      ]);
      const mobileSeal = r.mobile_enc;
      const rec = await db.one<{ id: number }>(
        `INSERT INTO departure_records (company_id, source, request_id, name, id_card_enc, id_card_bidx, id_card_mask, mobile_enc,
           mobile_bidx, mobile_mask, dept_name, job_name, entry_date, leave_date, contract_start, leave_type, legal_basis, created_at)
         SELECT $1, 'request', $2, $3, $4, $5, $6, $7, mobile_bidx, mobile_mask, $8, $9, $10, $11, $10, $12, $13, $14
           FROM resignation_requests WHERE id = $2 RETURNING id`,
        [
          r.company_id,
          r.id,
          r.employee_name,
          idCard.enc,
          idCard.bidx,
          idCard.mask,
          mobileSeal,
          r.dept_name,
          r.job_name,
          r.join_date,
          r.last_day,
          r.type,
          basisOfLeaveType(r.type),
          now,
        ],
      );
      await db.query('UPDATE resignation_requests SET record_id = $2 WHERE id = $1', [r.id, rec!.id]);
      await db.query(
        `INSERT INTO departure_proofs (company_id, record_id, name, id_card_enc, id_card_mask, job_name, entry_date, leave_date,
           contract_start, contract_end, tenure_text, legal_basis, company_name, created_at, updated_at)
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $7, $9, $10, $11, c.name, $12, $12 FROM companies c WHERE c.id = $1`,
        [
          r.company_id,
          rec!.id,
          r.employee_name,
          idCard.enc,
          idCard.mask,
          r.job_name,
          r.join_date,
          r.last_day,
          `${Number(r.join_date.slice(0, 4)) + 6}${r.join_date.slice(4)}`,
          tenureText(r.join_date, r.last_day),
          basisOfLeaveType(r.type),
          now,
        ],
      );
    }

    // former employees shown in the talent hall with a platform proof
    const works = await db.query<{
      id: number;
      company_id: number;
      company_name: string;
      job_name: string;
      start_date: string;
      end_date: string;
      realname: string;
      birth_date: string;
      cid: number;
    }>(
      `SELECT w.id, w.company_id, co.name AS company_name, w.job_name, w.start_date, w.end_date, c.realname, c.birth_date, c.id AS cid
         FROM candidate_work w JOIN candidates c ON c.id = w.candidate_id JOIN companies co ON co.id = w.company_id
        WHERE w.company_id IS NOT NULL AND w.resign_type = 'in' AND w.has_proof AND w.end_date IS NOT NULL ORDER BY w.id`,
    );
    for (const w of works) {
      const idCard = sealPii('id_card', makeIdCard(w.company_name.startsWith('南京') ? '320106' : '330106', w.birth_date, w.cid));
      const rec = await db.one<{ id: number }>(
        `INSERT INTO departure_records (company_id, source, name, id_card_enc, id_card_bidx, id_card_mask, job_name, entry_date, leave_date,
           contract_start, contract_end, leave_type, legal_basis, created_at, transfer_done_at)
         VALUES ($1, 'manual', $2, $3, $4, $5, $6, $7, $8, $7, $9, 'resign', 'resign', $10, $8::date + 7)
         ON CONFLICT (company_id, id_card_bidx, leave_date) DO NOTHING RETURNING id`,
        [
          w.company_id,
          w.realname,
          idCard.enc,
          idCard.bidx,
          idCard.mask,
          w.job_name,
          w.start_date,
          w.end_date,
          `${Number(w.start_date.slice(0, 4)) + 3}${w.start_date.slice(4)}` < w.end_date
            ? w.end_date
            : `${Number(w.start_date.slice(0, 4)) + 3}${w.start_date.slice(4)}`,
          addDays(now, -1),
        ],
      );
      if (!rec) continue;
      const issuedAt = new Date(`${w.end_date}T10:00:00+08:00`);
      const p = await db.one<{ id: number }>(
        `INSERT INTO departure_proofs (company_id, record_id, status, name, id_card_enc, id_card_mask, job_name, entry_date, leave_date,
           contract_start, contract_end, tenure_text, legal_basis, company_name, issue_date, issued_at, viewed_at, created_at, updated_at)
         SELECT $1, $2, 'viewed', r.name, r.id_card_enc, r.id_card_mask, r.job_name, r.entry_date, r.leave_date, r.contract_start,
                r.contract_end, $3, r.legal_basis, $4, r.leave_date, $5, $5, $5, $5
           FROM departure_records r WHERE r.id = $2 RETURNING id`,
        [w.company_id, rec.id, tenureText(w.start_date, w.end_date), w.company_name, issuedAt],
      );
      await db.query('UPDATE departure_proofs SET serial = $2 WHERE id = $1', [p!.id, proofSerial(w.end_date, p!.id)]);
      await db.query('UPDATE candidate_work SET resign_id = $2 WHERE id = $1', [w.id, p!.id]);
    }
  },
};

export const dimissionSeed: SeedStep[] = [records];
