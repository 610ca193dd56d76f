/**
 * Departure handling (离职办理, issue 11): resignation requests, scan to leave, departure proofs,
 * urging and departure records. HR endpoints are for members of a verified company (a paid
 * feature, SPEC §6); another company's ids answer the same 404 as missing ones. Mobiles and ID
 * numbers are sealed (docs/pii.md): lists carry masks, 查看 reveals with an audit row.
 */
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { endpoints } from '../../contract/endpoints';
import {
  addDaysTo,
  dateProblem,
  evaluativeWarning,
  evaluativeWord,
  isDate,
  legalBasisLabel,
  REQUEST_STATUS_CODES,
  PROOF_STATUS_CODES,
  basisOfLeaveType,
} from '../../contract/dimission-rules';
import { idCardProblem, normalizeDigits } from '../../contract/person';
import { leaveTypeLabel } from '../../contract/vocab';
import type { Db } from '../db/types';
import {
  draftFromRecord,
  earnForRecord,
  factsOf,
  insertRecord,
  isOverdue,
  keywordFilter,
  missing,
  newLinkToken,
  noUrge,
  PROOF_COLS,
  proofSerial,
  recordUrge,
  sendAreaSms,
  sha256,
  spendOpLeave,
  transferDaysLeft,
  urgeInfo,
  type ProofRow,
} from '../domain/dimission';
import { memberCompanyOf } from '../domain/access';
import { MSG_PROOF_ANONYMISED, MSG_RECORD_ANONYMISED } from '../domain/accounts/retention-rules';
import { isActiveMember } from '../domain/users';
import { badRequest, conflict, notFound, tooMany } from '../lib/refusal';
import type { AuthInfo } from '../http/auth';
import { requestOrigin } from '../http/origin';
import { addRoute } from '../http/route';
import { decryptPii, revealPii, sealPii } from '../lib/pii';
import { addSeconds, fmtDate, fmtDateTime } from '../lib/time';
import { consumeSmsCode, issueSmsCode, SMS_INTERVAL_S } from '../domain/sms-codes';
import type { LoginLimits } from '../lib/limits';

const dt = (d: Date | null) => (d ? fmtDateTime(d) : null);
const LEAVE_TICKET_S = 30 * 60;

interface RequestRow {
  id: number;
  company_id: number;
  employee_name: string;
  mobile_enc: string | null;
  mobile_mask: string;
  id_card_enc: string | null;
  id_card_bidx: string | null;
  id_card_mask: string;
  dept_name: string;
  job_name: string;
  join_date: string | null;
  last_day: string | null;
  type: string;
  reason: string;
  submitted_at: Date;
  status: (typeof REQUEST_STATUS_CODES)[number];
  reject_reason: string;
  handover_name: string;
  record_id: number | null;
}
const REQ_COLS = `id, company_id, employee_name, mobile_enc, mobile_mask, id_card_enc, id_card_bidx, id_card_mask, dept_name, job_name,
  join_date, last_day, type, reason, submitted_at, status, reject_reason, handover_name, record_id`;

const requestItem = (r: RequestRow, u = noUrge) => ({
  id: r.id,
  employee_name: r.employee_name,
  mobile_mask: r.mobile_mask,
  has_id_card: r.id_card_enc !== null,
  dept_name: r.dept_name,
  job_name: r.job_name,
  join_date: r.join_date,
  last_day: r.last_day,
  type: r.type,
  type_label: leaveTypeLabel(r.type),
  reason: r.reason,
  submitted_at: fmtDateTime(r.submitted_at),
  status: r.status,
  reject_reason: r.reject_reason,
  handover_name: r.handover_name,
  record_id: r.record_id,
  ...u,
});
const ownRequest = (r: RequestRow) => ({
  id: r.id,
  status: r.status,
  employee_name: r.employee_name,
  dept_name: r.dept_name,
  job_name: r.job_name,
  join_date: r.join_date,
  last_day: r.last_day,
  type: r.type,
  reason: r.reason,
  reject_reason: r.reject_reason,
  submitted_at: fmtDateTime(r.submitted_at),
});

async function ownRequestRow(db: Db, id: number, companyId: number, lock = false): Promise<RequestRow> {
  const r = await db.one<RequestRow>(`SELECT ${REQ_COLS} FROM resignation_requests WHERE id = $1 AND company_id = $2${lock ? ' FOR UPDATE' : ''}`, [id, companyId]);
  if (!r) throw missing('离职申请');
  return r;
}
async function ownProofRow(db: Db, id: number, companyId: number, lock = false): Promise<ProofRow> {
  const p = await db.one<ProofRow>(`SELECT ${PROOF_COLS} FROM departure_proofs WHERE id = $1 AND company_id = $2${lock ? ' FOR UPDATE' : ''}`, [id, companyId]);
  if (!p) throw missing('离职证明');
  return p;
}
const wrongStatus = (msg: string) => conflict(msg);

/** A normalised, valid ID number or the refusal. */
function idCardOf(raw: string, now: Date): string {
  const v = normalizeDigits(raw);
  const p = idCardProblem(v, now);
  if (p === 'format') throw badRequest('请输入正确的18位身份证号');
  if (p === 'birth') throw badRequest('身份证号中的出生日期不正确');
  if (p === 'check') throw badRequest('身份证号校验位错误，请核对');
  return v;
}
/** Free text of a proof: no evaluative words (warning in Chinese). */
function neutral(...texts: string[]): void {
  for (const t of texts) {
    const w = evaluativeWord(t);
    if (w) throw badRequest(evaluativeWarning(w));
  }
}

const memberOf = (auth: AuthInfo, now: Date) => memberCompanyOf(auth, now);

export function dimissionRoutes(app: FastifyInstance, opts: { sandbox: boolean; limits: LoginLimits }) {
  /** SPEC §4 urge notice: pending resignation requests of the caller's company (0 until admitted). */
  addRoute(app, endpoints.urge, async ({ auth, db }) => {
    if (!isActiveMember(auth.user, auth.company)) return { count: 0 };
    const row = await db.one<{ n: number }>(
      `SELECT count(*) AS n FROM resignation_requests WHERE company_id = $1 AND status = 'pending'`,
      [auth.company.id],
    );
    return { count: row?.n ?? 0 };
  });

  // --- resignation requests ----------------------------------------------------------------------
  addRoute(app, endpoints.dimRequests, async ({ auth, db, query, now }) => {
    const c = memberOf(auth, now);
    const args: unknown[] = [c.id];
    const arg = (v: unknown) => {
      args.push(v);
      return `$${args.length}`;
    };
    const where = ['company_id = $1'];
    const k = keywordFilter(query.keywords, 'employee_name', 'mobile_bidx', arg);
    if (k) where.push(k);
    const countRows = await db.query<{ status: string; n: number }>(
      `SELECT status, count(*) AS n FROM resignation_requests WHERE ${where.join(' AND ')} GROUP BY status`,
      args,
    );
    const counts = Object.fromEntries(['all', ...REQUEST_STATUS_CODES].map((s) => [s, 0])) as Record<string, number>;
    for (const r of countRows) {
      counts[r.status] = r.n;
      counts.all! += r.n;
    }
    if (query.status !== 'all') where.push(`status = ${arg(query.status)}`);
    const rows = await db.query<RequestRow>(
      `SELECT ${REQ_COLS} FROM resignation_requests WHERE ${where.join(' AND ')}
        ORDER BY (status = 'pending') DESC, submitted_at DESC, id DESC LIMIT ${arg(query.page_size)} OFFSET ${arg((query.page - 1) * query.page_size)}`,
      args,
    );
    const urges = await urgeInfo(db, 'request', rows.map((r) => r.id), now);
    return {
      total: query.status === 'all' ? counts.all! : counts[query.status]!,
      page: query.page,
      page_size: query.page_size,
      counts: counts as never,
      list: rows.map((r) => requestItem(r, urges.get(r.id))),
    };
  });

  /** 同意: confirms the last working day and the handover person, creates the departure record and a draft proof. */
  addRoute(app, endpoints.dimApprove, async ({ auth, db, params, body, now }) => {
    const c = memberOf(auth, now);
    const id = await db.tx(async (t) => {
      const r = await ownRequestRow(t, params.id, c.id, true);
      if (r.status !== 'pending') throw wrongStatus('只能同意待处理的离职申请');
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
          createdBy: auth.user.id,
        },
        now,
      );
      await earnForRecord(t, c.id, recordId, false, now);
      await draftFromRecord(t, c.id, recordId, auth.user.id, now);
      await t.query(
        `UPDATE resignation_requests SET status = 'approved', last_day = $2, handover_name = $3, join_date = $4, record_id = $5,
           id_card_enc = coalesce(id_card_enc, $6), id_card_bidx = coalesce(id_card_bidx, $7),
           id_card_mask = CASE WHEN id_card_enc IS NULL THEN $8 ELSE id_card_mask END,
           reviewed_at = $9, reviewed_by = $10, updated_at = $9 WHERE id = $1`,
        [r.id, body.last_day, body.handover_name, entry, recordId, idCard.enc, idCard.bidx, idCard.mask, now, auth.user.id],
      );
      await sendAreaSms(t, c.id, r.mobile_enc, 'approved', `【${c.short_name || c.name}】您的离职申请已同意，最后工作日${body.last_day}，工作交接人：${body.handover_name}。`, now);
      return r.id;
    });
    return requestItem(await ownRequestRow(db, id, c.id));
  });

  /** 退回: sends the request back for correction with a reason (not a veto: art. 37). */
  addRoute(app, endpoints.dimReject, async ({ auth, db, params, body, now, req }) => {
    const c = memberOf(auth, now);
    await db.tx(async (t) => {
      const r = await ownRequestRow(t, params.id, c.id, true);
      if (r.status !== 'pending') throw wrongStatus('只能退回待处理的离职申请');
      await t.query(
        `UPDATE resignation_requests SET status = 'rejected', reject_reason = $2, reviewed_at = $3, reviewed_by = $4, updated_at = $3 WHERE id = $1`,
        [r.id, body.reason, now, auth.user.id],
      );
      const qr = await t.one<{ token: string }>('SELECT token FROM dimission_qr WHERE company_id = $1', [c.id]);
      const link = qr ? `，请修改后重新提交：${requestOrigin(req)}/m/leave/${qr.token}` : '';
      await sendAreaSms(t, c.id, r.mobile_enc, 'rejected', `【${c.short_name || c.name}】您的离职申请已退回修改，原因：${body.reason}${link}`, now);
    });
    return requestItem(await ownRequestRow(db, params.id, c.id));
  });

  /** 交接完成: an agreed request becomes 已离职. */
  addRoute(app, endpoints.dimHandover, async ({ auth, db, params, now }) => {
    const c = memberOf(auth, now);
    await db.tx(async (t) => {
      const r = await ownRequestRow(t, params.id, c.id, true);
      if (r.status !== 'approved') throw wrongStatus('只有已同意的申请可以确认交接完成');
      await t.query(`UPDATE resignation_requests SET status = 'left', left_at = $2, updated_at = $2 WHERE id = $1`, [r.id, now]);
    });
    return requestItem(await ownRequestRow(db, params.id, c.id));
  });

  /** 催办 a request: a pending one reminds nobody but HR, so it is the handover of an agreed one (SMS to the employee). */
  addRoute(app, endpoints.dimRequestUrge, async ({ auth, db, params, now }) => {
    const c = memberOf(auth, now);
    await db.tx(async (t) => {
      const r = await ownRequestRow(t, params.id, c.id, true);
      if (r.status !== 'approved') throw wrongStatus('只有待交接（已同意）的申请可以催办');
      if (!r.mobile_enc) throw badRequest('该员工没有手机号，无法催办');
      await recordUrge(t, c.id, 'request', r.id, auth.user.id, now);
      await sendAreaSms(t, c.id, r.mobile_enc, 'urge', `【${c.short_name || c.name}】请于最后工作日${r.last_day ?? ''}前与${r.handover_name}完成工作交接。`, now);
    });
    return { last_urged_at: fmtDateTime(now) };
  });

  addRoute(app, endpoints.dimRequestMobile, async ({ auth, db, params, now, req }) => {
    const c = memberOf(auth, now);
    const r = await ownRequestRow(db, params.id, c.id);
    if (!r.mobile_enc) throw notFound('该申请没有手机号');
    const value = await revealPii(db, r.mobile_enc, {
      userId: auth.user.id, companyId: c.id, subjectType: 'resignation_request', subjectId: r.id, field: 'mobile', reason: '查看离职申请手机号', ip: req.ip,
    });
    return { value };
  });

  // --- scan to leave --------------------------------------------------------------------------------
  addRoute(app, endpoints.dimQr, async ({ auth, db, body, now, req }) => {
    const c = memberOf(auth, now);
    const row = await db.tx(async (t) => {
      const cur = await t.one<{ token: string; created_at: Date }>('SELECT token, created_at FROM dimission_qr WHERE company_id = $1 FOR UPDATE', [c.id]);
      if (cur && body.rotate !== '1') return cur;
      return (await t.one<{ token: string; created_at: Date }>(
        `INSERT INTO dimission_qr (company_id, token, created_by, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (company_id) DO UPDATE SET token = EXCLUDED.token, created_by = EXCLUDED.created_by, created_at = EXCLUDED.created_at
         RETURNING token, created_at`,
        [c.id, newLinkToken(), auth.user.id, now],
      ))!;
    });
    return { token: row.token, url: `${requestOrigin(req)}/m/leave/${row.token}`, created_at: fmtDateTime(row.created_at) };
  });

  const qrCompany = async (db: Db, token: string) => {
    const c = await db.one<{ id: number; name: string }>(
      `SELECT c.id, c.name FROM dimission_qr q JOIN companies c ON c.id = q.company_id WHERE q.token = $1 AND c.status = 'normal'`,
      [token],
    );
    if (!c) throw notFound('二维码已失效，请联系HR重新获取');
    return c;
  };

  addRoute(app, endpoints.leavePage, async ({ db, params }) => ({ company_name: (await qrCompany(db, params.token)).name }));

  /** The SMS check of the employee's mobile (the login's code table and limits). */
  addRoute(app, endpoints.leaveCode, async ({ db, params, body, now, setMsg, req }) => {
    await qrCompany(db, params.token);
    const refused = await db.tx((t) => issueSmsCode(t, body.mobile, now, opts.limits, opts.sandbox));
    if (refused) throw refused;
    req.log.info({ purpose: 'scan-to-leave' }, 'sms code sent');
    setMsg('验证码已发送');
    return { retry_after: SMS_INTERVAL_S };
  });

  const openOwn = (db: Db, companyId: number, bidx: string) =>
    db.one<RequestRow>(
      `SELECT ${REQ_COLS} FROM resignation_requests WHERE company_id = $1 AND mobile_bidx = $2 AND status IN ('pending', 'rejected', 'approved')
        ORDER BY submitted_at DESC, id DESC LIMIT 1`,
      [companyId, bidx],
    );

  addRoute(app, endpoints.leaveVerify, async ({ db, params, body, now }) => {
    const c = await qrCompany(db, params.token);
    const ticket = newLinkToken();
    const seal = sealPii('mobile', body.mobile);
    const wrong = await db.tx(async (t) => {
      const w = await consumeSmsCode(t, body.mobile, body.code, now, opts.limits);
      if (w) return w;
      await t.query('DELETE FROM dimission_leave_tickets WHERE expires_at < $1', [now]);
      await t.query(
        'INSERT INTO dimission_leave_tickets (ticket_hash, company_id, mobile_enc, mobile_bidx, mobile_mask, expires_at) VALUES ($1,$2,$3,$4,$5,$6)',
        [sha256(ticket), c.id, seal.enc, seal.bidx, seal.mask, addSeconds(now, LEAVE_TICKET_S)],
      );
      return null;
    });
    if (wrong) throw wrong;
    const own = await openOwn(db, c.id, seal.bidx);
    return { ticket, mobile_mask: seal.mask, request: own ? ownRequest(own) : null };
  });

  const ticketOf = async (db: Db, token: string, ticket: string, now: Date) => {
    const c = await qrCompany(db, token);
    const t = await db.one<{ mobile_enc: string; mobile_bidx: string; mobile_mask: string }>(
      'SELECT mobile_enc, mobile_bidx, mobile_mask FROM dimission_leave_tickets WHERE ticket_hash = $1 AND company_id = $2 AND expires_at > $3',
      [sha256(ticket), c.id, now],
    );
    if (!t) throw badRequest('验证已过期，请重新验证手机号');
    return { c, t };
  };

  /** A new request, or the correction of a returned one (退回 → 待处理 again). */
  addRoute(app, endpoints.leaveSubmit, async ({ db, params, body, now }) => {
    const { c, t: tk } = await ticketOf(db, params.token, body.ticket, now);
    const idCard = sealPii('id_card', idCardOf(body.id_card, now));
    if (!isDate(body.join_date) || !isDate(body.last_day)) throw badRequest('请选择正确的日期');
    if (body.last_day < body.join_date) throw badRequest('最后工作日不能早于入职日期');
    if (body.last_day > addDaysTo(fmtDate(now), 366)) throw badRequest('最后工作日不能晚于一年以后');
    const id = await db.tx(async (t) => {
      await t.query("SELECT pg_advisory_xact_lock(hashtext('leave:' || $1))", [tk.mobile_bidx]);
      const open = await openOwn(t, c.id, tk.mobile_bidx);
      if (open?.status === 'pending') throw conflict('您已有待处理的离职申请，请耐心等待HR处理');
      if (open?.status === 'approved') throw conflict('您的离职申请已同意，无需重复提交');
      const vals = [body.employee_name, idCard.enc, idCard.bidx, idCard.mask, body.dept_name, body.job_name, body.join_date, body.last_day, body.type, body.reason, now];
      if (open?.status === 'rejected') {
        await t.query(
          `UPDATE resignation_requests SET employee_name = $2, id_card_enc = $3, id_card_bidx = $4, id_card_mask = $5, dept_name = $6,
             job_name = $7, join_date = $8, last_day = $9, type = $10, reason = $11, submitted_at = $12, updated_at = $12,
             status = 'pending', reviewed_at = NULL, reviewed_by = NULL WHERE id = $1`,
          [open.id, ...vals],
        );
        return open.id;
      }
      return (await t.one<{ id: number }>(
        `INSERT INTO resignation_requests (company_id, mobile_enc, mobile_bidx, mobile_mask, employee_name, id_card_enc, id_card_bidx,
           id_card_mask, dept_name, job_name, join_date, last_day, type, reason, submitted_at, status)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,'pending') RETURNING id`,
        [c.id, tk.mobile_enc, tk.mobile_bidx, tk.mobile_mask, ...vals],
      ))!.id;
    });
    return { request: ownRequest(await ownRequestRow(db, id, c.id)) };
  });

  /** 撤回 by the employee: a pending or returned request. */
  addRoute(app, endpoints.leaveWithdraw, async ({ db, params, body, now }) => {
    const { c, t: tk } = await ticketOf(db, params.token, body.ticket, now);
    const id = await db.tx(async (t) => {
      const open = await openOwn(t, c.id, tk.mobile_bidx);
      if (!open || (open.status !== 'pending' && open.status !== 'rejected')) throw conflict('没有可撤回的离职申请');
      await t.query(`UPDATE resignation_requests SET status = 'withdrawn', updated_at = $2 WHERE id = $1`, [open.id, now]);
      return open.id;
    });
    return { request: ownRequest(await ownRequestRow(db, id, c.id)) };
  });

  // --- departure proofs --------------------------------------------------------------------------------
  addRoute(app, endpoints.dimProofs, async ({ auth, db, query, now }) => {
    const c = memberOf(auth, now);
    const today = fmtDate(now);
    const args: unknown[] = [c.id];
    const arg = (v: unknown) => {
      args.push(v);
      return `$${args.length}`;
    };
    const where = ['p.company_id = $1'];
    const k = keywordFilter(query.keywords, 'p.name', 'r.mobile_bidx', arg);
    if (k) where.push(k);
    const from = 'FROM departure_proofs p JOIN departure_records r ON r.id = p.record_id AND r.company_id = p.company_id';
    const countRows = await db.query<{ status: string; n: number }>(`SELECT p.status, count(*) AS n ${from} WHERE ${where.join(' AND ')} GROUP BY p.status`, args);
    const counts = Object.fromEntries(['all', ...PROOF_STATUS_CODES].map((s) => [s, 0])) as Record<string, number>;
    for (const r of countRows) {
      counts[r.status] = r.n;
      counts.all! += r.n;
    }
    if (query.status !== 'all') where.push(`p.status = ${arg(query.status)}`);
    const rows = await db.query<ProofRow & { transfer_done: boolean }>(
      `SELECT ${PROOF_COLS.split(',').map((c) => `p.${c.trim()}`).join(', ')}, r.transfer_done_at IS NOT NULL AS transfer_done ${from} WHERE ${where.join(' AND ')}
        ORDER BY (p.status = 'draft') DESC, p.id DESC LIMIT ${arg(query.page_size)} OFFSET ${arg((query.page - 1) * query.page_size)}`,
      args,
    );
    const urges = await urgeInfo(db, 'proof', rows.map((r) => r.id), now);
    return {
      total: query.status === 'all' ? counts.all! : counts[query.status]!,
      page: query.page,
      page_size: query.page_size,
      counts: counts as never,
      list: rows.map((p) => ({
        id: p.id,
        record_id: p.record_id,
        serial: p.serial ?? '',
        name: p.name,
        id_card_mask: p.id_card_mask,
        job_name: p.job_name,
        leave_date: p.leave_date,
        status: p.status,
        issued_at: dt(p.issued_at),
        viewed_at: dt(p.viewed_at),
        void_reason: p.void_reason,
        overdue: isOverdue(p.status, p.leave_date, today),
        transfer_days_left: p.status === 'void' || p.transfer_done ? null : transferDaysLeft(p.leave_date, today),
        ...(urges.get(p.id) ?? noUrge),
      })),
    };
  });

  const detail = (p: ProofRow, idCard: string, today: string) => ({
    ...factsOf(p, idCard, today),
    id: p.id,
    record_id: p.record_id,
    status: p.status,
    id_card_mask: p.id_card_mask,
    issued_at: dt(p.issued_at),
    viewed_at: dt(p.viewed_at),
  });

  /** Preview and print: the proof states the full ID number, so this reveal is audited. */
  addRoute(app, endpoints.dimProof, async ({ auth, db, params, now, req }) => {
    const c = memberOf(auth, now);
    const p = await ownProofRow(db, params.id, c.id);
    if (!p.id_card_enc) throw conflict(MSG_PROOF_ANONYMISED);
    const idCard = await revealPii(db, p.id_card_enc, {
      userId: auth.user.id, companyId: c.id, subjectType: 'departure_proof', subjectId: p.id, field: 'id_card', reason: '预览/打印离职证明', ip: req.ip,
    });
    return detail(p, idCard, fmtDate(now));
  });

  addRoute(app, endpoints.dimProofFromRecord, async ({ auth, db, body, now }) => {
    const c = memberOf(auth, now);
    const id = await db.tx((t) => draftFromRecord(t, c.id, body.record_id, auth.user.id, now));
    return { id, status: 'draft' as const, serial: '' };
  });

  type Fields = { job_name: string; entry_date: string; leave_date: string; contract_start: string; contract_end?: string; contract_open_ended?: '0' | '1'; tenure_text: string; legal_basis: string; print_reason?: '0' | '1'; non_compete: string; issue_date?: string };
  const checkFields = (f: Fields) => {
    const open = f.contract_open_ended === '1';
    const problem = dateProblem({ entry_date: f.entry_date, leave_date: f.leave_date, contract_start: f.contract_start, contract_end: f.contract_end, contract_open_ended: open });
    if (problem) throw badRequest(problem);
    if (f.issue_date && !isDate(f.issue_date)) throw badRequest('请选择正确的出具日期');
    neutral(f.job_name, f.non_compete);
    return { open, end: open ? null : f.contract_end! };
  };

  /** 填写: a departure typed in by HR becomes a record (source manual) with a draft proof. */
  addRoute(app, endpoints.dimProofManual, async ({ auth, db, body, now }) => {
    const c = memberOf(auth, now);
    const { open, end } = checkFields(body);
    neutral(body.dept_name);
    const idCard = sealPii('id_card', idCardOf(body.id_card, now));
    const id = await db.tx(async (t) => {
      const recordId = await insertRecord(
        t,
        {
          companyId: c.id, source: 'manual', name: body.name, idCard, mobile: body.mobile ? sealPii('mobile', body.mobile) : null,
          deptName: body.dept_name, jobName: body.job_name, entryDate: body.entry_date, leaveDate: body.leave_date,
          contractStart: body.contract_start, contractEnd: end, openEnded: open, leaveType: body.leave_type, legalBasis: body.legal_basis, createdBy: auth.user.id,
        },
        now,
      );
      await earnForRecord(t, c.id, recordId, false, now);
      const proofId = await draftFromRecord(t, c.id, recordId, auth.user.id, now);
      await t.query('UPDATE departure_proofs SET tenure_text = $2, print_reason = $3, non_compete = $4, issue_date = $5 WHERE id = $1', [
        proofId, body.tenure_text, body.print_reason === '1', body.non_compete, body.issue_date || null,
      ]);
      return proofId;
    });
    return { id, status: 'draft' as const, serial: '' };
  });

  /** Edits a draft (待出具); issued proofs are voided and reissued instead. */
  addRoute(app, endpoints.dimProofSave, async ({ auth, db, params, body, now }) => {
    const c = memberOf(auth, now);
    const { open, end } = checkFields(body);
    await db.tx(async (t) => {
      const p = await ownProofRow(t, params.id, c.id, true);
      if (p.status !== 'draft') throw wrongStatus('已出具的离职证明不能修改，请作废后重新出具');
      await t.query(
        `UPDATE departure_proofs SET job_name = $2, entry_date = $3, leave_date = $4, contract_start = $5, contract_end = $6,
           contract_open_ended = $7, tenure_text = $8, legal_basis = $9, print_reason = $10, non_compete = $11, issue_date = $12,
           updated_at = $13 WHERE id = $1`,
        [p.id, body.job_name, body.entry_date, body.leave_date, body.contract_start, end, open, body.tenure_text, body.legal_basis,
          body.print_reason === '1', body.non_compete, body.issue_date || null, now],
      );
      // the record keeps the legal basis (it decides unemployment benefits)
      await t.query('UPDATE departure_records SET legal_basis = $2 WHERE id = $1', [p.record_id, body.legal_basis]);
    });
    return { id: params.id, status: 'draft' as const, serial: '' };
  });

  /** 确认出具: serial number, the employee's SMS link, CRC for the record with a proof. */
  addRoute(app, endpoints.dimProofIssue, async ({ auth, db, params, now, req }) => {
    const c = memberOf(auth, now);
    const serial = await db.tx(async (t) => {
      const p = await ownProofRow(t, params.id, c.id, true);
      if (p.status !== 'draft') throw wrongStatus('该离职证明已出具或已作废');
      const problem = dateProblem({ ...p, contract_start: p.contract_start ?? '', contract_end: p.contract_end ?? '', contract_open_ended: p.contract_open_ended });
      if (problem) throw badRequest(`${problem}，请先编辑离职证明`);
      if (!p.legal_basis) throw badRequest('请选择解除或者终止的法定依据');
      const today = fmtDate(now);
      const s = proofSerial(today, p.id);
      const token = newLinkToken();
      await t.query(
        `UPDATE departure_proofs SET status = 'issued', serial = $2, issue_date = coalesce(issue_date, $3), issued_at = $4,
           view_token_hash = $5, updated_at = $4 WHERE id = $1`,
        [p.id, s, today, now, sha256(token)],
      );
      await earnForRecord(t, c.id, p.record_id, true, now);
      const rec = await t.one<{ mobile_enc: string | null }>('SELECT mobile_enc FROM departure_records WHERE id = $1', [p.record_id]);
      await sendAreaSms(t, c.id, rec?.mobile_enc ?? null, 'proof', `【${c.short_name || c.name}】您的离职证明（编号${s}）已出具，请点击查看：${requestOrigin(req)}/m/proof/${token}`, now);
      return s;
    });
    return { id: params.id, status: 'issued' as const, serial };
  });

  addRoute(app, endpoints.dimProofVoid, async ({ auth, db, params, body, now }) => {
    const c = memberOf(auth, now);
    const serial = await db.tx(async (t) => {
      const p = await ownProofRow(t, params.id, c.id, true);
      if (p.status === 'void') throw wrongStatus('该离职证明已作废');
      neutral(body.reason);
      await t.query(`UPDATE departure_proofs SET status = 'void', voided_at = $2, void_reason = $3, view_token_hash = NULL, updated_at = $2 WHERE id = $1`, [p.id, now, body.reason]);
      return p.serial ?? '';
    });
    return { id: params.id, status: 'void' as const, serial };
  });

  /** 重新出具: a new draft with the voided proof's facts (a new serial when issued). */
  addRoute(app, endpoints.dimProofReissue, async ({ auth, db, params, now }) => {
    const c = memberOf(auth, now);
    const id = await db.tx(async (t) => {
      const p = await ownProofRow(t, params.id, c.id, true);
      if (p.status !== 'void') throw wrongStatus('请先作废原离职证明，再重新出具');
      const nid = await draftFromRecord(t, c.id, p.record_id, auth.user.id, now, p.id);
      await t.query(
        `UPDATE departure_proofs SET job_name = $2, entry_date = $3, leave_date = $4, contract_start = $5, contract_end = $6,
           contract_open_ended = $7, tenure_text = $8, legal_basis = $9, print_reason = $10, non_compete = $11 WHERE id = $1`,
        [nid, p.job_name, p.entry_date, p.leave_date, p.contract_start, p.contract_end, p.contract_open_ended, p.tenure_text, p.legal_basis, p.print_reason, p.non_compete],
      );
      return nid;
    });
    return { id, status: 'draft' as const, serial: '' };
  });

  /** 催办 an issued proof the employee has not viewed: the link again (a fresh one) by SMS. */
  addRoute(app, endpoints.dimProofUrge, async ({ auth, db, params, now, req }) => {
    const c = memberOf(auth, now);
    await db.tx(async (t) => {
      const p = await ownProofRow(t, params.id, c.id, true);
      if (p.status !== 'issued') throw wrongStatus('只有已出具、员工未查看的离职证明可以催办');
      const rec = await t.one<{ mobile_enc: string | null }>('SELECT mobile_enc FROM departure_records WHERE id = $1', [p.record_id]);
      if (!rec?.mobile_enc) throw badRequest('该员工没有手机号，无法催办');
      await recordUrge(t, c.id, 'proof', p.id, auth.user.id, now);
      const token = newLinkToken();
      await t.query('UPDATE departure_proofs SET view_token_hash = $2 WHERE id = $1', [p.id, sha256(token)]);
      await sendAreaSms(t, c.id, rec.mobile_enc, 'urge', `【${c.short_name || c.name}】提醒：您的离职证明（编号${p.serial}）已出具，请及时查看：${requestOrigin(req)}/m/proof/${token}`, now);
    });
    return { last_urged_at: fmtDateTime(now) };
  });

  /** The employee's link: the proof itself (their own ID number), and 员工已查看. */
  addRoute(app, endpoints.proofView, async ({ db, params, now }) => {
    const p = await db.one<ProofRow>(`SELECT ${PROOF_COLS} FROM departure_proofs WHERE view_token_hash = $1 AND status IN ('issued', 'viewed')`, [sha256(params.token)]);
    // an anonymised proof has no link (domain/retention.ts): the same answer
    if (!p?.id_card_enc) throw notFound('离职证明不存在或已作废');
    if (p.status === 'issued') {
      await db.query(`UPDATE departure_proofs SET status = 'viewed', viewed_at = $2 WHERE id = $1 AND status = 'issued'`, [p.id, now]);
      p.status = 'viewed';
      p.viewed_at = now;
    }
    const { id_card_mask: _m, record_id: _r, ...rest } = detail(p, decryptPii(p.id_card_enc), fmtDate(now));
    return rest;
  });

  // --- departure records ---------------------------------------------------------------------------------
  interface RecordRow {
    id: number;
    source: 'import' | 'request' | 'manual';
    name: string;
    id_card_mask: string;
    mobile_mask: string;
    dept_name: string;
    job_name: string;
    entry_date: string;
    leave_date: string;
    leave_type: string;
    legal_basis: string;
    transfer_done_at: Date | null;
    created_at: Date;
    proof_id: number | null;
    proof_status: ProofRow['status'] | null;
    proof_serial: string | null;
  }
  const recordRows = async (db: Db, companyId: number, keywords: string | undefined, limit: number | null, offset: number) => {
    const args: unknown[] = [companyId];
    const arg = (v: unknown) => {
      args.push(v);
      return `$${args.length}`;
    };
    const where = ['r.company_id = $1'];
    const k = keywordFilter(keywords, 'r.name', 'r.mobile_bidx', arg);
    if (k) where.push(k);
    const total = (await db.one<{ n: number }>(`SELECT count(*) AS n FROM departure_records r WHERE ${where.join(' AND ')}`, args))!.n;
    const rows = await db.query<RecordRow>(
      `SELECT r.id, r.source, r.name, r.id_card_mask, r.mobile_mask, r.dept_name, r.job_name, r.entry_date, r.leave_date, r.leave_type,
              r.legal_basis, r.transfer_done_at, r.created_at, p.id AS proof_id, p.status AS proof_status, p.serial AS proof_serial
         FROM departure_records r
         LEFT JOIN LATERAL (SELECT id, status, serial FROM departure_proofs WHERE record_id = r.id AND company_id = r.company_id ORDER BY (status <> 'void') DESC, id DESC LIMIT 1) p ON true
        WHERE ${where.join(' AND ')} ORDER BY r.leave_date DESC, r.id DESC
        ${limit === null ? '' : `LIMIT ${arg(limit)} OFFSET ${arg(offset)}`}`,
      args,
    );
    return { total, rows };
  };
  const recordItem = (r: RecordRow, today: string) => ({
    id: r.id,
    source: r.source,
    name: r.name,
    id_card_mask: r.id_card_mask,
    mobile_mask: r.mobile_mask,
    dept_name: r.dept_name,
    job_name: r.job_name,
    entry_date: r.entry_date,
    leave_date: r.leave_date,
    leave_type_label: leaveTypeLabel(r.leave_type),
    legal_basis: r.legal_basis,
    proof: r.proof_id ? { id: r.proof_id, status: r.proof_status!, serial: r.proof_serial ?? '' } : null,
    overdue: isOverdue(r.proof_status === 'void' ? null : r.proof_status, r.leave_date, today),
    transfer_days_left: r.transfer_done_at ? null : transferDaysLeft(r.leave_date, today),
    transfer_done_at: dt(r.transfer_done_at),
    created_at: fmtDateTime(r.created_at),
  });

  addRoute(app, endpoints.dimRecords, async ({ auth, db, query, now }) => {
    const c = memberOf(auth, now);
    const { total, rows } = await recordRows(db, c.id, query.keywords, query.page_size, (query.page - 1) * query.page_size);
    const today = fmtDate(now);
    return { total, page: query.page, page_size: query.page_size, list: rows.map((r) => recordItem(r, today)) };
  });

  /** 档案及社保转移已办结: the 15-day reminder stops. */
  addRoute(app, endpoints.dimRecordTransfer, async ({ auth, db, params, now }) => {
    const c = memberOf(auth, now);
    const r = await db.one<{ transfer_done_at: Date | null }>(
      'UPDATE departure_records SET transfer_done_at = coalesce(transfer_done_at, $3) WHERE id = $1 AND company_id = $2 RETURNING transfer_done_at',
      [params.id, c.id, now],
    );
    if (!r) throw missing('离职记录');
    return { transfer_done_at: fmtDateTime(r.transfer_done_at!) };
  });

  addRoute(app, endpoints.dimRecordReveal, async ({ auth, db, params, query, now, req }) => {
    const c = memberOf(auth, now);
    const r = await db.one<{ id: number; id_card_enc: string | null; mobile_enc: string | null; anonymised: boolean }>(
      'SELECT id, id_card_enc, mobile_enc, anonymised_at IS NOT NULL AS anonymised FROM departure_records WHERE id = $1 AND company_id = $2',
      [params.id, c.id],
    );
    if (!r) throw missing('离职记录');
    if (r.anonymised) throw notFound(MSG_RECORD_ANONYMISED);
    const sealed = query.field === 'id_card' ? r.id_card_enc : r.mobile_enc;
    if (!sealed) throw notFound('该记录没有手机号');
    const value = await revealPii(db, sealed, {
      userId: auth.user.id, companyId: c.id, subjectType: 'departure_record', subjectId: r.id, field: query.field, reason: '查看离职记录', ip: req.ip,
    });
    return { value };
  });

  /** .xlsx of every record (masked values); the file travels base64 in the envelope. */
  addRoute(app, endpoints.dimRecordsExport, async ({ auth, db, query, now }) => {
    const c = memberOf(auth, now);
    const { rows, total } = await recordRows(db, c.id, query.keywords, null, 0);
    if (total > 20_000) throw tooMany('记录过多，请按姓名或手机号筛选后导出');
    const today = fmtDate(now);
    const wb = new ExcelJS.Workbook();
    wb.creator = 'HR Console';
    const ws = wb.addWorksheet('离职记录');
    ws.columns = [
      { header: '姓名', key: 'name', width: 12 },
      { header: '身份证号', key: 'id_card', width: 22 },
      { header: '手机号', key: 'mobile', width: 15 },
      { header: '部门', key: 'dept', width: 14 },
      { header: '工作岗位', key: 'job', width: 16 },
      { header: '入职日期', key: 'entry', width: 12 },
      { header: '离职日期', key: 'leave', width: 12 },
      { header: '离职类型', key: 'type', width: 14 },
      { header: '法定依据', key: 'basis', width: 36 },
      { header: '来源', key: 'source', width: 10 },
      { header: '离职证明', key: 'proof', width: 12 },
      { header: '证明编号', key: 'serial', width: 22 },
    ];
    ws.getRow(1).font = { bold: true };
    ws.views = [{ state: 'frozen', ySplit: 1 }];
    const SOURCE = { import: '批量导入', request: '离职申请', manual: '手工录入' } as const;
    const PROOF = { draft: '待出具', issued: '已出具', viewed: '员工已查看', void: '已作废' } as const;
    for (const r of rows) {
      const it = recordItem(r, today);
      ws.addRow({
        name: it.name, id_card: it.id_card_mask, mobile: it.mobile_mask, dept: it.dept_name, job: it.job_name, entry: it.entry_date,
        leave: it.leave_date, type: it.leave_type_label, basis: legalBasisLabel(it.legal_basis), source: SOURCE[it.source],
        proof: it.proof ? PROOF[it.proof.status] : '未出具', serial: it.proof?.serial ?? '',
      });
    }
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    return { filename: `离职记录_${today}.xlsx`, content_base64: buf.toString('base64') };
  });
}
