/**
 * HR's review of a resignation request: 同意 (the record, a draft proof, CRC, an SMS), 退回 for
 * correction, 交接完成 (已离职), and 催办 the handover of an agreed one.
 */
import type { z } from 'zod';
import type { ApproveBody } from '../../../contract/dimission';
import { basisOfLeaveType, isDate } from '../../../contract/dimission-rules';
import type { Db } from '../../db/types';
import { decryptPii, sealPii } from '../../lib/pii';
import { badRequest, conflict } from '../../lib/refusal';
import { fmtDateTime } from '../../lib/time';
import { earnForRecord, spendOpLeave } from './crc';
import { draftFromRecord } from './proofs';
import { insertRecord } from './records';
import { ownRequestRow, requestItem } from './requests';
import { type Hr, idCardOf, neutral, smsSign } from './shared';
import { sendNotice } from '../notices';
import { recordUrge } from './urges';

/** 同意: confirms the last working day and the handover person, creates the departure record and a draft proof. */
export async function approveRequest(db: Db, hr: Hr, id: number, body: z.output<typeof ApproveBody>, now: Date) {
  const c = hr.company;
  await db.tx(async (t) => {
    const r = await ownRequestRow(t, id, c.id, true);
    if (r.status !== 'pending') throw conflict('只能同意待处理的离职申请');
    if (!isDate(body.last_day)) throw badRequest('请选择正确的最后工作日');
    let idEnc = r.id_card_enc;
    let idSeal = null;
    if (!idEnc) {
      if (!body.id_card) throw badRequest('该申请缺少身份证号，请补充后再同意');
      idSeal = sealPii('id_card', idCardOf(body.id_card, now));
      idEnc = idSeal.enc;
    }
    const entry = r.join_date ?? (body.join_date || null);
    if (!entry || !isDate(entry)) throw badRequest('请填写入职日期');
    if (body.last_day < entry) throw badRequest('离职日期不能早于入职日期');
    neutral(body.handover_name);
    const idCard = idSeal ?? { enc: idEnc, bidx: r.id_card_bidx!, mask: r.id_card_mask };
    const mobile = r.mobile_enc ? sealPii('mobile', decryptPii(r.mobile_enc)) : null;
    await spendOpLeave(t, c.id, r.id, now);
    const recordId = await insertRecord(
      t,
      {
        companyId: c.id,
        source: 'request',
        requestId: r.id,
        name: r.employee_name,
        idCard,
        mobile,
        deptName: r.dept_name,
        jobName: r.job_name || '—',
        entryDate: entry,
        leaveDate: body.last_day,
        contractStart: entry,
        leaveType: r.type,
        legalBasis: body.legal_basis ?? basisOfLeaveType(r.type),
        createdBy: hr.userId,
      },
      now,
    );
    await earnForRecord(t, c.id, recordId, false, now);
    await draftFromRecord(t, c.id, recordId, hr.userId, now);
    await t.query(
      `UPDATE resignation_requests SET status = 'approved', last_day = $2, handover_name = $3, join_date = $4, record_id = $5,
         id_card_enc = coalesce(id_card_enc, $6), id_card_bidx = coalesce(id_card_bidx, $7),
         id_card_mask = CASE WHEN id_card_enc IS NULL THEN $8 ELSE id_card_mask END,
         reviewed_at = $9, reviewed_by = $10, updated_at = $9 WHERE id = $1`,
      [r.id, body.last_day, body.handover_name, entry, recordId, idCard.enc, idCard.bidx, idCard.mask, now, hr.userId],
    );
    await sendNotice(t, c.id, r.mobile_enc, 'approved', { sign: smsSign(c), last_day: body.last_day, handover: body.handover_name }, now);
  });
  return requestItem(await ownRequestRow(db, id, c.id));
}

/** 退回: sends the request back for correction with a reason (not a veto: art. 37); the SMS links the scan-to-leave page at `origin`. */
export async function rejectRequest(db: Db, hr: Hr, id: number, reason: string, origin: string, now: Date) {
  const c = hr.company;
  await db.tx(async (t) => {
    const r = await ownRequestRow(t, id, c.id, true);
    if (r.status !== 'pending') throw conflict('只能退回待处理的离职申请');
    await t.query(
      `UPDATE resignation_requests SET status = 'rejected', reject_reason = $2, reviewed_at = $3, reviewed_by = $4, updated_at = $3 WHERE id = $1`,
      [r.id, reason, now, hr.userId],
    );
    const qr = await t.one<{ token: string }>('SELECT token FROM dimission_qr WHERE company_id = $1', [c.id]);
    const link = qr ? `${origin}/m/leave/${qr.token}` : '';
    await sendNotice(t, c.id, r.mobile_enc, 'rejected', { sign: smsSign(c), reason, link }, now);
  });
  return requestItem(await ownRequestRow(db, id, c.id));
}

/** 交接完成: an agreed request becomes 已离职. */
export async function confirmHandover(db: Db, hr: Hr, id: number, now: Date) {
  await db.tx(async (t) => {
    const r = await ownRequestRow(t, id, hr.company.id, true);
    if (r.status !== 'approved') throw conflict('只有已同意的申请可以确认交接完成');
    await t.query(`UPDATE resignation_requests SET status = 'left', left_at = $2, updated_at = $2 WHERE id = $1`, [r.id, now]);
  });
  return requestItem(await ownRequestRow(db, id, hr.company.id));
}

/** 催办 a request: a pending one reminds nobody but HR, so it is the handover of an agreed one (SMS to the employee). */
export async function urgeHandover(db: Db, hr: Hr, id: number, now: Date): Promise<{ last_urged_at: string }> {
  const c = hr.company;
  await db.tx(async (t) => {
    const r = await ownRequestRow(t, id, c.id, true);
    if (r.status !== 'approved') throw conflict('只有待交接（已同意）的申请可以催办');
    if (!r.mobile_enc) throw badRequest('该员工没有手机号，无法催办');
    await recordUrge(t, c.id, 'request', r.id, hr.userId, now);
    await sendNotice(t, c.id, r.mobile_enc, 'handover_urge', { sign: smsSign(c), last_day: r.last_day ?? '', handover: r.handover_name }, now);
  });
  return { last_urged_at: fmtDateTime(now) };
}
