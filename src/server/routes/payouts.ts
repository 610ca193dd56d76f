/**
 * 发放管理 (issue 13, first slice): the company account (balance, top-ups, rates), payout batches
 * from a task's accepted deliveries, 确认发放 with an SMS code (debits exactly once), the operation
 * log, the ledger, and the payout channel's signed callback. Members only; another company's
 * batch answers 404 like a missing one.
 */
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { fenText } from '../../contract/employment-rules';
import { LEDGER_TYPES, LOG_ACTIONS, labelOf, precalcRow, precalcTotals, type BatchStatus, type LedgerType, type RowStatus } from '../../contract/payouts-rules';
import type { Db } from '../db/types';
import { acceptedDeliveries, ownTask } from '../domain/employment';
import {
  MSG_PENDING_RESULT,
  applyNotify,
  applyWxNotify,
  verifyWxNotify,
  balanceOf,
  log,
  newBatchNo,
  newChannelNo,
  newOrderNo,
  ownBatch,
  post,
  settingsOf,
  verifyNotify,
} from '../domain/payouts';
import { memberCompanyOf } from '../domain/recruitment';
import type { AuthInfo } from '../http/auth';
import { ApiError, badRequest, conflict, tooMany } from '../http/envelope';
import { addRoute } from '../http/route';
import { randomDigits, safeEqual } from '../lib/crypto';
import { addDays, addSeconds, fmtDate, fmtDateTime } from '../lib/time';
import { smsCodeHmac } from './auth';
import { payUrl } from './membership';
import { maskMobile } from '../../contract/person';
import { Code } from '../../contract/envelope';

const dt = (d: Date | null) => (d ? fmtDateTime(d) : '');
const yuan = (fen: number) => `¥${fenText(fen)}`;
const operatorOf = (auth: AuthInfo) => auth.user.realname || maskMobile(auth.user.mobile);

export const PLATFORM_BANK = { account_name: '杭州灵活用工服务有限公司（沙箱）', bank_name: '招商银行杭州分行营业部', account_no: '571900000000000000' };
const CODE_INTERVAL_S = 60;
const CODE_TTL_S = 300;
const CODE_MAX_ATTEMPTS = 5;

/** The calendar month (China time) of `now`: [start, end). */
function monthOf(now: Date): [Date, Date] {
  const [y, m] = fmtDate(now).split('-').map(Number) as [number, number];
  const start = new Date(`${y}-${String(m).padStart(2, '0')}-01T00:00:00+08:00`);
  const ny = m === 12 ? y + 1 : y;
  const nm = m === 12 ? 1 : m + 1;
  return [start, new Date(`${ny}-${String(nm).padStart(2, '0')}-01T00:00:00+08:00`)];
}

/**
 * Refuses when a person's payouts this month (other live batches + this one) pass the cap. One
 * set-based query for the whole list (a 5000-row batch is one round trip, not 5000).
 */
export async function checkMonthlyCap(db: Db, companyId: number, rows: { worker_id: number; name: string; amount: number }[], cap: number, now: Date, batchId = 0) {
  const [start, end] = monthOf(now);
  const mine = new Map<number, { name: string; amount: number }>();
  for (const r of rows) {
    const m = mine.get(r.worker_id);
    mine.set(r.worker_id, { name: r.name, amount: (m?.amount ?? 0) + r.amount });
  }
  if (!mine.size) return;
  const ids = [...mine.keys()];
  const sums = await db.query<{ worker_id: number; s: string }>(
    `SELECT r.worker_id, SUM(r.amount)::text AS s FROM payout_rows r JOIN payout_batches b ON b.id = r.batch_id
      WHERE r.company_id = $1 AND r.worker_id = ANY($2::int[]) AND r.batch_id <> $3 AND b.status <> 'closed'
        AND r.status IN ('pending', 'paying', 'success') AND r.created_at >= $4 AND r.created_at < $5
      GROUP BY r.worker_id`,
    [companyId, ids, batchId, start, end],
  );
  const before = new Map(sums.map((x) => [x.worker_id, Number(x.s)]));
  for (const [id, m] of mine) {
    const had = before.get(id) ?? 0;
    if (had + m.amount > cap) throw badRequest(`${m.name}本月发放金额将超过每人每月上限${yuan(cap)}（本月已发${yuan(had)}）`);
  }
}

/** The monthly cap at confirm, all in SQL (a 5000-row batch never travels to the server): the first person over it, as an error. */
async function batchOverCap(db: Db, companyId: number, batchId: number, cap: number, now: Date): Promise<ApiError | null> {
  const [start, end] = monthOf(now);
  const over = await db.one<{ name: string; had: string }>(
    `WITH mine AS (SELECT worker_id, MIN(name) AS name, SUM(amount) AS amount FROM payout_rows WHERE batch_id = $2 GROUP BY worker_id),
          other AS (SELECT r.worker_id, SUM(r.amount) AS amount FROM payout_rows r JOIN payout_batches b ON b.id = r.batch_id
                     WHERE r.company_id = $1 AND r.worker_id IN (SELECT worker_id FROM mine) AND r.batch_id <> $2 AND b.status <> 'closed'
                       AND r.status IN ('pending', 'paying', 'success') AND r.created_at >= $3 AND r.created_at < $4 GROUP BY r.worker_id)
     SELECT m.name, COALESCE(o.amount, 0)::text AS had FROM mine m LEFT JOIN other o ON o.worker_id = m.worker_id
      WHERE COALESCE(o.amount, 0) + m.amount > $5 LIMIT 1`,
    [companyId, batchId, start, end, cap],
  );
  return over ? badRequest(`${over.name}本月发放金额将超过每人每月上限${yuan(cap)}（本月已发${yuan(Number(over.had))}）`) : null;
}

/** China days [from, to] (inclusive, either may be '') as a condition on `col`. */
function dayRange(col: string, q: { from: string; to: string }, args: unknown[]): string {
  let w = '';
  if (q.from) w += ` AND ${col} >= $${args.push(new Date(`${q.from}T00:00:00+08:00`))}`;
  if (q.to) w += ` AND ${col} < $${args.push(addDays(new Date(`${q.to}T00:00:00+08:00`), 1))}`;
  if (q.from && q.to && q.from > q.to) throw badRequest('开始日期不能晚于结束日期');
  return w;
}

interface LedgerDbRow {
  id: number;
  created_at: Date;
  type: LedgerType;
  amount: string;
  balance_after: string;
  ref_no: string;
  remark: string;
}
async function ledgerWhere(db: Db, companyId: number, q: { type: string; batch_id: number; from: string; to: string }, args: unknown[]) {
  let where = 'company_id = $1';
  if (q.type !== 'all') where += ` AND type = $${args.push(q.type)}`;
  if (q.batch_id) {
    await ownBatch(db, q.batch_id, companyId);
    where += ` AND batch_id = $${args.push(q.batch_id)}`;
  }
  return where + dayRange('created_at', q, args);
}

interface BatchDbRow {
  id: number;
  batch_no: string;
  task_id: number | null;
  task_name: string | null;
  parent_no: string | null;
  status: BatchStatus;
  head_count: number;
  gross: string;
  fee: string;
  tax: string;
  net: string;
  fee_rate_bp: number;
  tax_rate_bp: number;
  creator: string | null;
  created_at: Date;
  confirmed_at: Date | null;
}
const BATCH_SELECT = `SELECT b.id, b.batch_no, b.task_id, t.name AS task_name, p.batch_no AS parent_no, b.status, b.head_count, b.gross::text, b.fee::text, b.tax::text, b.net::text,
  b.fee_rate_bp, b.tax_rate_bp, COALESCE(NULLIF(u.realname, ''), u.mobile) AS creator, b.created_at, b.confirmed_at
  FROM payout_batches b LEFT JOIN flex_tasks t ON t.id = b.task_id LEFT JOIN users u ON u.id = b.created_by
  LEFT JOIN payout_batches p ON p.id = b.parent_id`;

const item = (b: BatchDbRow) => ({
  id: b.id,
  batch_no: b.batch_no,
  task_id: b.task_id,
  task_name: b.task_name ?? '',
  parent_no: b.parent_no ?? '',
  status: b.status,
  head_count: b.head_count,
  gross: Number(b.gross),
  fee: Number(b.fee),
  tax: Number(b.tax),
  net: Number(b.net),
  debit: Number(b.gross) + Number(b.fee),
  creator: b.creator && /^\d{11}$/.test(b.creator) ? maskMobile(b.creator) : (b.creator ?? ''),
  created_at: fmtDateTime(b.created_at),
});

async function detail(db: Db, id: number, companyId: number) {
  const b = await db.one<BatchDbRow>(`${BATCH_SELECT} WHERE b.id = $1 AND b.company_id = $2`, [id, companyId]);
  if (!b) throw new ApiError(Code.NOT_FOUND, '发放批次不存在');
  const rows = await db.query<{
    id: number;
    name: string;
    mobile_mask: string;
    cert_no_mask: string;
    bank_card_mask: string;
    amount: string;
    tax: string;
    fee: string;
    net: string;
    status: RowStatus;
    fail_reason: string;
    finished_at: Date | null;
  }>(
    `SELECT r.id, r.name, w.mobile_mask, w.cert_no_mask, w.bank_card_mask, r.amount::text, r.tax::text, r.fee::text, r.net::text, r.status, r.fail_reason, r.finished_at
       FROM payout_rows r JOIN flex_workers w ON w.id = r.worker_id WHERE r.batch_id = $1 ORDER BY r.id`,
    [id],
  );
  return {
    ...item(b),
    fee_rate_bp: b.fee_rate_bp,
    tax_rate_bp: b.tax_rate_bp,
    confirmed_at: dt(b.confirmed_at),
    balance: await balanceOf(db, companyId),
    rows: rows.map((r) => ({
      id: r.id,
      name: r.name,
      mobile: r.mobile_mask,
      cert_no: r.cert_no_mask,
      bank_card: r.bank_card_mask,
      amount: Number(r.amount),
      tax: Number(r.tax),
      fee: Number(r.fee),
      net: Number(r.net),
      status: r.status,
      fail_reason: r.fail_reason,
      finished_at: dt(r.finished_at),
    })),
  };
}

export function payoutsRoutes(app: FastifyInstance, opts: { sandbox: boolean }) {
  addRoute(app, endpoints.payAccount, async ({ auth, db, now }) => {
    const company = memberCompanyOf(auth, now);
    const topups = await db.query<{ id: number; order_no: string; amount: string; status: 'pending' | 'confirmed'; method: 'bank' | 'wechat'; created_at: Date; confirmed_at: Date | null }>(
      'SELECT id, order_no, amount::text, status, method, created_at, confirmed_at FROM payout_topups WHERE company_id = $1 ORDER BY id DESC LIMIT 20',
      [company.id],
    );
    return {
      balance: await balanceOf(db, company.id),
      settings: await settingsOf(db, company.id),
      bank: PLATFORM_BANK,
      topups: topups.map((t) => ({ ...t, amount: Number(t.amount), created_at: fmtDateTime(t.created_at), confirmed_at: dt(t.confirmed_at) })),
    };
  });

  addRoute(app, endpoints.payTopup, async ({ auth, db, now, body, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    const open = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM payout_topups WHERE company_id = $1 AND status = 'pending'`, [company.id]);
    if (open!.n >= 10) throw conflict('待确认的充值单过多，请等待到账确认后再提交');
    const t = await db.one<{ id: number; order_no: string; created_at: Date }>(
      'INSERT INTO payout_topups (company_id, order_no, amount, created_by, created_at) VALUES ($1,$2,$3,$4,$5) RETURNING id, order_no, created_at',
      [company.id, newOrderNo(now), body.amount, auth.user.id, now],
    );
    setMsg('充值单已提交，请按收款信息转账并在备注中填写充值单号');
    return { id: t!.id, order_no: t!.order_no, amount: body.amount, status: 'pending' as const, method: 'bank' as const, created_at: fmtDateTime(t!.created_at), confirmed_at: '' };
  });

  /** 微信支付充值: a pending order and its QR (the pay sandbox's page); credited by the signed notification. */
  addRoute(app, endpoints.payTopupWx, async ({ auth, db, now, body, req, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    const open = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM payout_topups WHERE company_id = $1 AND status = 'pending'`, [company.id]);
    if (open!.n >= 10) throw conflict('待确认的充值单过多，请等待到账确认后再提交');
    const t = await db.one<{ id: number; order_no: string }>(
      `INSERT INTO payout_topups (company_id, order_no, amount, method, created_by, created_at) VALUES ($1,$2,$3,'wechat',$4,$5) RETURNING id, order_no`,
      [company.id, newOrderNo(now), body.amount, auth.user.id, now],
    );
    setMsg('请使用微信扫码支付');
    return { id: t!.id, order_no: t!.order_no, amount: body.amount, code_url: payUrl(req, `topup/${t!.order_no}`) };
  });

  addRoute(app, endpoints.payWxNotify, async ({ body, now }) => {
    const { sign, ...n } = body;
    if (!verifyWxNotify(n, sign)) throw badRequest('签名无效');
    return { applied: await applyWxNotify(app.db, n, now) };
  });

  addRoute(app, endpoints.paySettings, async ({ auth, db, now, body, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    await db.query(
      `INSERT INTO payout_settings (company_id, fee_rate_bp, tax_rate_bp, monthly_cap_fen, updated_at) VALUES ($1,$2,$3,$4,$5)
       ON CONFLICT (company_id) DO UPDATE SET fee_rate_bp = $2, tax_rate_bp = $3, monthly_cap_fen = $4, updated_at = $5`,
      [company.id, body.fee_rate_bp, body.tax_rate_bp, body.monthly_cap_fen, now],
    );
    setMsg('已保存');
    return settingsOf(db, company.id);
  });

  addRoute(app, endpoints.payBatches, async ({ auth, db, now, query }) => {
    const company = memberCompanyOf(auth, now);
    const args: unknown[] = [company.id];
    const byTask = query.task_id ? ` AND b.task_id = $${args.push(query.task_id)}` : '';
    const total = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM payout_batches b WHERE b.company_id = $1${byTask}`, args);
    const rows = await db.query<BatchDbRow>(
      `${BATCH_SELECT} WHERE b.company_id = $1${byTask} ORDER BY b.id DESC LIMIT $${args.push(query.page_size)} OFFSET $${args.push((query.page - 1) * query.page_size)}`,
      args,
    );
    return { list: rows.map(item), total: total!.n };
  });

  addRoute(app, endpoints.payBatchCreate, async ({ auth, db, now, body, req, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    const id = await db.tx(async (t) => {
      const task = await ownTask(t, body.task_id, company.id, true);
      const all = await acceptedDeliveries(t, company.id, task.id);
      // a delivery already in a live batch (not failed, bounced or cancelled) is not paid twice
      const taken = new Set(
        (
          await t.query<{ task_worker_id: number }>(
            `SELECT r.task_worker_id FROM payout_rows r JOIN payout_batches b ON b.id = r.batch_id
              WHERE b.company_id = $1 AND b.task_id = $2 AND b.status <> 'closed' AND r.status IN ('pending', 'paying', 'success')`,
            [company.id, task.id],
          )
        ).map((r) => r.task_worker_id),
      );
      let parent: { id: number; batch_no: string } | null = null;
      let only: Set<number> | null = null;
      if (body.retry_of) {
        const p = await ownBatch(t, body.retry_of, company.id, true);
        const pt = await t.one<{ task_id: number | null }>('SELECT task_id FROM payout_batches WHERE id = $1', [p.id]);
        if (pt!.task_id !== task.id) throw new ApiError(Code.NOT_FOUND, '发放批次不存在');
        if (p.status !== 'partial') throw conflict('只有部分失败的批次可以失败重发');
        parent = p;
        only = new Set(
          (await t.query<{ task_worker_id: number }>(`SELECT task_worker_id FROM payout_rows WHERE batch_id = $1 AND status IN ('failed', 'bounced')`, [p.id])).map(
            (r) => r.task_worker_id,
          ),
        );
      }
      const todo = all.filter((d) => !taken.has(d.task_worker_id) && (!only || only.has(d.task_worker_id)));
      if (!todo.length) throw badRequest(parent ? '该批次的失败明细已全部重发' : '该任务暂无待发放的已验收人员');
      const unsigned = todo.filter((d) => d.sign_status !== 'signed');
      if (unsigned.length) throw badRequest(`${unsigned.map((d) => d.name).join('、')}尚未签署协议，不能发放`);
      const zero = todo.filter((d) => !(d.amount > 0));
      if (zero.length) throw badRequest(`${zero.map((d) => d.name).join('、')}的应发金额为0，请先核对报酬`);
      const s = await settingsOf(t, company.id);
      await checkMonthlyCap(t, company.id, todo, s.monthly_cap_fen, now);
      const pre = todo.map((d) => ({ d, r: precalcRow(d.amount, s.fee_rate_bp, s.tax_rate_bp) }));
      const tot = precalcTotals(pre.map((p) => p.r));
      const b = await t.one<{ id: number; batch_no: string }>(
        `INSERT INTO payout_batches (company_id, batch_no, task_id, head_count, gross, fee, tax, net, fee_rate_bp, tax_rate_bp, created_by, created_at, parent_id)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13) RETURNING id, batch_no`,
        [company.id, newBatchNo(now), task.id, pre.length, tot.gross, tot.fee, tot.tax, tot.net, s.fee_rate_bp, s.tax_rate_bp, auth.user.id, now, parent?.id ?? null],
      );
      for (const { d, r } of pre) {
        await t.query(
          `INSERT INTO payout_rows (batch_id, company_id, worker_id, task_worker_id, name, amount, tax, fee, net, channel_no, created_at)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)`,
          [b!.id, company.id, d.worker_id, d.task_worker_id, d.name, r.amount, r.tax, r.fee, r.net, newChannelNo(), now],
        );
      }
      if (parent) {
        await log(t, company.id, b!.id, '重发', `失败重发（原批次${parent.batch_no}），${pre.length}人，应发${yuan(tot.gross)}`, operatorOf(auth), req.ip, now);
        await log(t, company.id, parent.id, '重发', `${pre.map((p) => p.d.name).join('、')}已重发至批次${b!.batch_no}`, operatorOf(auth), req.ip, now);
      } else {
        await log(t, company.id, b!.id, '创建', `从任务「${task.name}」的已验收交付创建，${pre.length}人，应发${yuan(tot.gross)}`, operatorOf(auth), req.ip, now);
      }
      return b!.id;
    });
    setMsg('发放批次已创建');
    return detail(db, id, company.id);
  });

  addRoute(app, endpoints.payBatch, async ({ auth, db, now, params }) => detail(db, params.id, memberCompanyOf(auth, now).id));

  addRoute(app, endpoints.payBatchAction, async ({ auth, db, now, params, body, req, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    await db.tx(async (t) => {
      const b = await ownBatch(t, params.id, company.id, true);
      if (body.action === 'submit') {
        if (b.status !== 'draft') throw conflict('只有待提交的批次可以提交');
        await t.query(`UPDATE payout_batches SET status = 'unpaid', submitted_at = $2 WHERE id = $1`, [b.id, now]);
        await log(t, company.id, b.id, '提交', '待提交 → 待支付', operatorOf(auth), req.ip, now);
      } else {
        if (b.status !== 'draft' && b.status !== 'unpaid') throw conflict('已确认发放的批次不能撤销');
        await t.query(`UPDATE payout_batches SET status = 'closed', finished_at = $2 WHERE id = $1`, [b.id, now]);
        await t.query(`UPDATE payout_rows SET status = 'cancelled', finished_at = $2 WHERE batch_id = $1`, [b.id, now]);
        await log(t, company.id, b.id, '撤销', '批次已关闭，明细已取消', operatorOf(auth), req.ip, now);
      }
    });
    setMsg(body.action === 'submit' ? '已提交，请确认发放' : '批次已撤销');
    return detail(db, params.id, company.id);
  });

  addRoute(app, endpoints.payRowAmount, async ({ auth, db, now, params, body, req, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    await db.tx(async (t) => {
      const b = await ownBatch(t, params.id, company.id, true);
      if (b.status !== 'draft') throw conflict('只有待提交的批次可以修改金额');
      const r = await t.one<{ id: number; worker_id: number; name: string; amount: string }>(
        `SELECT id, worker_id, name, amount::text FROM payout_rows WHERE id = $1 AND batch_id = $2 AND status = 'pending'`,
        [params.row_id, b.id],
      );
      if (!r) throw new ApiError(Code.NOT_FOUND, '发放明细不存在');
      const was = Number(r.amount);
      if (was === body.amount) return;
      const rates = await t.one<{ fee_rate_bp: number; tax_rate_bp: number }>('SELECT fee_rate_bp, tax_rate_bp FROM payout_batches WHERE id = $1', [b.id]);
      const s = await settingsOf(t, company.id);
      await checkMonthlyCap(t, company.id, [{ worker_id: r.worker_id, name: r.name, amount: body.amount }], s.monthly_cap_fen, now, b.id);
      const pre = precalcRow(body.amount, rates!.fee_rate_bp, rates!.tax_rate_bp);
      await t.query('UPDATE payout_rows SET amount = $2, tax = $3, fee = $4, net = $5 WHERE id = $1', [r.id, pre.amount, pre.tax, pre.fee, pre.net]);
      await t.query(
        `UPDATE payout_batches b SET gross = x.gross, fee = x.fee, tax = x.tax, net = x.net
           FROM (SELECT SUM(amount) AS gross, SUM(fee) AS fee, SUM(tax) AS tax, SUM(net) AS net FROM payout_rows WHERE batch_id = $1) x WHERE b.id = $1`,
        [b.id],
      );
      await log(t, company.id, b.id, '修改金额', `${r.name}：应发${yuan(was)} → ${yuan(body.amount)}`, operatorOf(auth), req.ip, now);
    });
    setMsg('金额已修改');
    return detail(db, params.id, company.id);
  });

  addRoute(app, endpoints.payBatchCode, async ({ auth, db, now, params, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    const mobile = auth.user.mobile;
    const refused = await db.tx(async (t) => {
      const b = await ownBatch(t, params.id, company.id, true);
      if (b.status !== 'unpaid') return conflict(b.status === 'draft' ? '请先提交批次' : '该批次不在待支付状态');
      const last = await t.one<{ sent_at: Date }>('SELECT sent_at FROM payout_codes WHERE batch_id = $1 ORDER BY id DESC LIMIT 1', [b.id]);
      const since = last ? (now.getTime() - last.sent_at.getTime()) / 1000 : Infinity;
      if (since < CODE_INTERVAL_S) return new ApiError(Code.TOO_MANY, `验证码发送过于频繁，请${Math.ceil(CODE_INTERVAL_S - since)}秒后再试`);
      const sentToday = await t.one<{ n: number }>('SELECT count(*)::int AS n FROM payout_codes WHERE batch_id = $1', [b.id]);
      if (sentToday!.n >= 10) return tooMany('该批次验证码发送次数已达上限');
      const code = randomDigits(6);
      await t.query('INSERT INTO payout_codes (batch_id, mobile, code_hmac, sent_at, expires_at) VALUES ($1,$2,$3,$4,$5)', [
        b.id,
        mobile,
        smsCodeHmac(mobile, `pay:${b.batch_no}:${code}`),
        now,
        addSeconds(now, CODE_TTL_S),
      ]);
      if (opts.sandbox) await t.query('INSERT INTO payout_sms_outbox (mobile, batch_no, code, sent_at) VALUES ($1,$2,$3,$4)', [mobile, b.batch_no, code, now]);
      return null;
    });
    if (refused) throw refused;
    setMsg(`验证码已发送至${maskMobile(mobile)}`);
    return { mobile: maskMobile(mobile), retry_after: CODE_INTERVAL_S };
  });

  addRoute(app, endpoints.payBatchConfirm, async ({ auth, db, now, params, body, req, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    const out = await db.tx(async (t) => {
      const b = await ownBatch(t, params.id, company.id, true);
      // a repeat (double click, second tab, retry after a timeout) pays nothing more
      if (b.status === 'paying' || b.status === 'done' || b.status === 'partial') return { status: b.status, duplicate: true };
      if (b.status !== 'unpaid') return conflict(b.status === 'draft' ? '请先提交批次' : '该批次已关闭');
      const money = await t.one<{ gross: string; fee: string; tax: string; net: string }>('SELECT gross::text, fee::text, tax::text, net::text FROM payout_batches WHERE id = $1', [b.id]);
      const debit = Number(money!.gross) + Number(money!.fee);
      const balance = await balanceOf(t, company.id, true);
      if (balance < debit) return conflict(`账户余额不足（需${yuan(debit)}，余额${yuan(balance)}），请先充值`);
      const code = await t.one<{ id: number; code_hmac: string; expires_at: Date; attempts: number; consumed_at: Date | null; mobile: string }>(
        'SELECT id, code_hmac, expires_at, attempts, consumed_at, mobile FROM payout_codes WHERE batch_id = $1 ORDER BY id DESC LIMIT 1',
        [b.id],
      );
      if (!code || code.consumed_at) return badRequest('请先获取验证码');
      if (code.attempts >= CODE_MAX_ATTEMPTS) return tooMany('验证码错误次数过多，请重新获取');
      if (code.expires_at.getTime() <= now.getTime()) return badRequest('验证码已过期，请重新获取');
      if (code.mobile !== auth.user.mobile || !safeEqual(code.code_hmac, smsCodeHmac(code.mobile, `pay:${b.batch_no}:${body.code}`))) {
        await t.query('UPDATE payout_codes SET attempts = attempts + 1 WHERE id = $1', [code.id]);
        return badRequest('验证码错误');
      }
      await t.query('UPDATE payout_codes SET consumed_at = $2 WHERE id = $1', [code.id, now]);
      const s = await settingsOf(t, company.id);
      const capErr = await batchOverCap(t, company.id, b.id, s.monthly_cap_fen, now);
      if (capErr) return capErr;
      // the compare-and-set: only one caller moves 待支付 → 发放中, and only that one debits
      const won = await t.one(`UPDATE payout_batches SET status = 'paying', confirmed_at = $2, confirmed_by = $3 WHERE id = $1 AND status = 'unpaid' RETURNING id`, [b.id, now, auth.user.id]);
      if (!won) return { status: 'paying' as BatchStatus, duplicate: true };
      const debits: [LedgerType, number, string][] = [
        ['payout', Number(money!.net), '实发金额'],
        ['tax', Number(money!.tax), '代扣税费'],
        ['fee', Number(money!.fee), '服务费'],
      ];
      for (const [type, v, remark] of debits) if (v > 0) await post(t, company.id, type, -v, { batch_id: b.id, ref_no: b.batch_no, remark }, now);
      await t.query(`UPDATE payout_rows SET status = 'paying' WHERE batch_id = $1 AND status = 'pending'`, [b.id]);
      await log(t, company.id, b.id, '确认发放', `扣款${yuan(debit)}（实发${yuan(Number(money!.net))}，税费${yuan(Number(money!.tax))}，服务费${yuan(Number(money!.fee))}）`, operatorOf(auth), req.ip, now);
      return { status: 'paying' as BatchStatus, duplicate: false };
    });
    if (out instanceof ApiError) throw out;
    setMsg(out.duplicate ? MSG_PENDING_RESULT : '已确认发放，发放结果确认中');
    return out;
  });

  addRoute(app, endpoints.payBatchLogs, async ({ auth, db, now, params }) => {
    const company = memberCompanyOf(auth, now);
    await ownBatch(db, params.id, company.id);
    const rows = await db.query<{ id: number; created_at: Date; action: string; content: string; operator: string; ip: string }>(
      'SELECT id, created_at, action, content, operator, ip FROM payout_logs WHERE batch_id = $1 AND company_id = $2 ORDER BY id',
      [params.id, company.id],
    );
    return { list: rows.map((r) => ({ ...r, created_at: fmtDateTime(r.created_at) })) };
  });

  addRoute(app, endpoints.payLogs, async ({ auth, db, now, query }) => {
    const company = memberCompanyOf(auth, now);
    if (query.batch_id) await ownBatch(db, query.batch_id, company.id);
    if (query.task_id) await ownTask(db, query.task_id, company.id);
    const args: unknown[] = [company.id];
    let where = 'l.company_id = $1';
    if (query.batch_id) where += ` AND l.batch_id = $${args.push(query.batch_id)}`;
    if (query.task_id) where += ` AND b.task_id = $${args.push(query.task_id)}`;
    if (query.action !== 'all') where += ` AND l.action = $${args.push(labelOf(LOG_ACTIONS, query.action))}`;
    where += dayRange('l.created_at', query, args);
    const total = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM payout_logs l JOIN payout_batches b ON b.id = l.batch_id WHERE ${where}`, args);
    const rows = await db.query<{ id: number; batch_id: number; batch_no: string; created_at: Date; action: string; content: string; operator: string; ip: string }>(
      `SELECT l.id, l.batch_id, b.batch_no, l.created_at, l.action, l.content, l.operator, l.ip FROM payout_logs l JOIN payout_batches b ON b.id = l.batch_id
        WHERE ${where} ORDER BY l.id DESC LIMIT $${args.push(query.page_size)} OFFSET $${args.push((query.page - 1) * query.page_size)}`,
      args,
    );
    return { total: total!.n, list: rows.map((r) => ({ ...r, created_at: fmtDateTime(r.created_at) })) };
  });

  addRoute(app, endpoints.payLedger, async ({ auth, db, now, query }) => {
    const company = memberCompanyOf(auth, now);
    const args: unknown[] = [company.id];
    const where = await ledgerWhere(db, company.id, query, args);
    const total = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM payout_ledger WHERE ${where}`, args);
    const rows = await db.query<LedgerDbRow>(
      `SELECT id, created_at, type, amount::text, balance_after::text, ref_no, remark FROM payout_ledger WHERE ${where}
        ORDER BY id DESC LIMIT $${args.push(query.page_size)} OFFSET $${args.push((query.page - 1) * query.page_size)}`,
      args,
    );
    return {
      total: total!.n,
      balance: await balanceOf(db, company.id),
      list: rows.map((r) => ({ ...r, amount: Number(r.amount), balance_after: Number(r.balance_after), created_at: fmtDateTime(r.created_at) })),
    };
  });

  /** 费用记录 as .xlsx: the same filters, every matching row (at most 50,000), amounts in 元 as numbers. */
  addRoute(app, endpoints.payLedgerExport, async ({ auth, db, now, query }) => {
    const company = memberCompanyOf(auth, now);
    const args: unknown[] = [company.id];
    const where = await ledgerWhere(db, company.id, query, args);
    const n = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM payout_ledger WHERE ${where}`, args);
    if (n!.n > 50_000) throw tooMany('记录过多，请缩小日期范围后导出');
    const rows = await db.query<LedgerDbRow>(`SELECT id, created_at, type, amount::text, balance_after::text, ref_no, remark FROM payout_ledger WHERE ${where} ORDER BY id DESC`, args);
    const wb = new ExcelJS.Workbook();
    wb.creator = 'HR Console';
    const ws = wb.addWorksheet('费用记录');
    ws.columns = [
      { header: '时间', key: 'at', width: 20 },
      { header: '类型', key: 'type', width: 10 },
      { header: '金额（元）', key: 'amount', width: 14, style: { numFmt: '+#,##0.00;-#,##0.00' } },
      { header: '余额（元）', key: 'balance', width: 14, style: { numFmt: '#,##0.00' } },
      { header: '关联批次/订单号', key: 'ref', width: 24 },
      { header: '备注', key: 'remark', width: 36 },
    ];
    ws.getRow(1).font = { bold: true };
    ws.views = [{ state: 'frozen', ySplit: 1 }];
    for (const r of rows) {
      ws.addRow({ at: fmtDateTime(r.created_at), type: labelOf(LEDGER_TYPES, r.type), amount: Number(r.amount) / 100, balance: Number(r.balance_after) / 100, ref: r.ref_no, remark: r.remark });
    }
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    return { filename: `费用记录_${fmtDate(now).replace(/-/g, '')}.xlsx`, content_base64: buf.toString('base64') };
  });

  addRoute(app, endpoints.payNotify, async ({ body, now }) => {
    const { sign, ...n } = body;
    if (!verifyNotify(n, sign)) throw badRequest('签名无效');
    return { applied: await applyNotify(app.db, n, now) };
  });
}
