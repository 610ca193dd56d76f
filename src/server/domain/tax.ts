/**
 * 完税服务 (issue 14): who may use it (member + tax flag, checked on every tax endpoint but the
 * service opening), the company's applications and their rows, the consistency check against
 * payout_rows, the payment (one code path for the WeChat Pay sandbox and the operator's bank
 * confirmation, idempotent), and the operator's decisions. payout_* tables are only read.
 */
import { maskMobile } from '../../contract/person';
import { taxAllows, taxServiceFee, type TaxAction, type TaxStatus } from '../../contract/tax-rules';
import type { Db } from '../db/types';
import { badRequest, conflict, notFound } from '../lib/refusal';
import { randomDigits } from '../lib/crypto';
import { fmtDate, fmtDateTime } from '../lib/time';

export const MSG_APPLY_MISSING = '申请不存在';
/** The platform's collection account for bank transfers (sandbox). */
export const TAX_BANK = { account_name: '杭州灵活用工服务有限公司（沙箱）', bank_name: '招商银行杭州分行营业部', account_no: '571900000000000000' };
export const INVOICE_CONTENT = '*现代服务*人力资源服务';
export const TAX_SERVICE_NAME = '完税证明开具服务费';

const dt = (d: Date | null | undefined) => (d ? fmtDateTime(d) : '');
/** China-time month / date of a timestamptz column, in SQL. */
const cnMonth = (col: string) => `to_char(${col} AT TIME ZONE 'UTC' + interval '8 hours', 'YYYY-MM')`;
const cnDate = (col: string) => `to_char(${col} AT TIME ZONE 'UTC' + interval '8 hours', 'YYYY-MM-DD')`;

export const newApplyNo = (now: Date) => `TX${fmtDateTime(now).replace(/\D/g, '')}${randomDigits(4)}`;
export const newTaxOrderId = (now: Date) => `TAX${fmtDateTime(now).replace(/\D/g, '')}${randomDigits(6)}`;

export interface PaidRow {
  id: number;
  batch_id: number;
  batch_no: string;
  task_name: string;
  worker_id: number;
  name: string;
  cert_no: string;
  income: number;
  tax: number;
  fee: number;
  period: string;
  paid_date: string;
}

/** The company's paid payout rows (发放成功) of a month range not yet in a live application. */
export async function paidRows(db: Db, companyId: number, start: string, end: string): Promise<PaidRow[]> {
  const rows = await db.query<Omit<PaidRow, 'income' | 'tax' | 'fee'> & { income: string; tax: string; fee: string }>(
    `SELECT r.id, r.batch_id, b.batch_no, COALESCE(t.name, '') AS task_name, r.worker_id, r.name, w.cert_no_mask AS cert_no,
            r.amount::text AS income, r.tax::text AS tax, r.fee::text AS fee,
            ${cnMonth('r.finished_at')} AS period, ${cnDate('r.finished_at')} AS paid_date
       FROM payout_rows r JOIN payout_batches b ON b.id = r.batch_id AND b.company_id = r.company_id
       JOIN flex_workers w ON w.id = r.worker_id AND w.company_id = r.company_id
       LEFT JOIN flex_tasks t ON t.id = b.task_id AND t.company_id = b.company_id
      WHERE r.company_id = $1 AND r.status = 'success' AND r.finished_at IS NOT NULL
        AND ${cnMonth('r.finished_at')} BETWEEN $2 AND $3
        AND NOT EXISTS (SELECT 1 FROM tax_application_rows x WHERE x.payout_row_id = r.id AND x.company_id = r.company_id AND x.live)
      ORDER BY r.finished_at, r.id`,
    [companyId, start, end],
  );
  return rows.map((r) => ({ ...r, income: Number(r.income), tax: Number(r.tax), fee: Number(r.fee) }));
}

const sum = (rows: PaidRow[], k: 'income' | 'tax' | 'fee') => rows.reduce((n, r) => n + r[k], 0);

export interface CreateInput {
  start: string;
  end: string;
  mode: 'people' | 'batches';
  ids: number[];
  proof_type: 'table' | 'document';
  receive: 'download' | 'email';
  email: string;
  remark: string;
  draft: boolean;
  bulk: boolean;
}

/**
 * Makes an application of the chosen people's or batches' paid rows of the period, inside the
 * caller's transaction (the company row is locked: the rows' "not yet applied" check holds).
 * Used by /tax/apply and by the `tax` import type's commit. Answers the new id.
 */
export async function createApplication(t: Db, companyId: number, userId: number, b: CreateInput, now: Date): Promise<number> {
  await t.query('SELECT id FROM companies WHERE id = $1 FOR UPDATE', [companyId]);
  const all = await paidRows(t, companyId, b.start, b.end);
  const want = new Set(b.ids);
  const key = (r: PaidRow) => (b.mode === 'people' ? r.worker_id : r.batch_id);
  const rows = all.filter((r) => want.has(key(r)));
  if (new Set(rows.map(key)).size !== want.size) {
    throw badRequest(b.mode === 'people' ? '所选人员在该税款所属期内没有可申请的发放记录' : '所选批次不属于该税款所属期或已申请过');
  }
  const heads = new Set(rows.map((r) => r.worker_id)).size;
  const income = sum(rows, 'income');
  const a = await t.one<{ id: number }>(
    `INSERT INTO tax_applications (company_id, apply_no, period_start, period_end, mode, bulk, proof_type, receive, email, remark, status,
       head_count, income, tax, invoiceable, fee, created_by, created_at, updated_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$18) RETURNING id`,
    [
      companyId, newApplyNo(now), b.start, b.end, b.mode, b.bulk, b.proof_type, b.receive, b.email, b.remark, b.draft ? 'draft' : 'checking',
      heads, income, sum(rows, 'tax'), income + sum(rows, 'fee'), taxServiceFee(heads), userId, now,
    ],
  );
  for (const r of rows) {
    await t.query(
      `INSERT INTO tax_application_rows (application_id, company_id, payout_row_id, batch_id, worker_id, name, cert_no_mask, income, tax, fee, period, paid_date)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)`,
      [a!.id, companyId, r.id, r.batch_id, r.worker_id, r.name, r.cert_no, r.income, r.tax, r.fee, r.period, r.paid_date],
    );
  }
  return a!.id;
}

export interface AppRow {
  id: number;
  company_id: number;
  apply_no: string;
  period_start: string;
  period_end: string;
  mode: 'people' | 'batches';
  bulk: boolean;
  proof_type: 'table' | 'document';
  receive: 'download' | 'email';
  email: string;
  remark: string;
  status: TaxStatus;
  head_count: number;
  income: string;
  tax: string;
  invoiceable: string;
  fee: string;
  reject_reason: string;
  proof_no: string;
  proof_date: string | null;
  created_at: Date;
  invoice_status: 'pending' | 'issued' | null;
}
const APP_COLS = `a.id, a.company_id, a.apply_no, a.period_start, a.period_end, a.mode, a.bulk, a.proof_type, a.receive, a.email, a.remark,
  a.status, a.head_count, a.income::text, a.tax::text, a.invoiceable::text, a.fee::text, a.reject_reason, a.proof_no,
  to_char(a.proof_date, 'YYYY-MM-DD') AS proof_date, a.created_at, i.status AS invoice_status`;
const APP_FROM = 'tax_applications a LEFT JOIN tax_invoices i ON i.application_id = a.id AND i.company_id = a.company_id';

export const itemOf = (a: AppRow) => ({
  id: a.id,
  apply_no: a.apply_no,
  created_at: fmtDateTime(a.created_at),
  period_start: a.period_start,
  period_end: a.period_end,
  head_count: a.head_count,
  income: Number(a.income),
  tax: Number(a.tax),
  invoiceable: Number(a.invoiceable),
  fee: Number(a.fee),
  proof_type: a.proof_type,
  receive: a.receive,
  email: a.email,
  remark: a.remark,
  status: a.status,
  bulk: a.bulk,
  reject_reason: a.reject_reason,
  proof_no: a.proof_no,
  proof_date: a.proof_date ?? '',
  invoice_status: a.invoice_status ?? ('none' as const),
});

/** The company's application; another company's id answers like a missing one. */
export async function ownApplication(db: Db, id: number, companyId: number, lock = false): Promise<AppRow> {
  const a = await db.one<AppRow>(
    lock
      ? `SELECT ${APP_COLS} FROM ${APP_FROM} WHERE a.id = $1 AND a.company_id = $2 FOR UPDATE OF a`
      : `SELECT ${APP_COLS} FROM ${APP_FROM} WHERE a.id = $1 AND a.company_id = $2`,
    [id, companyId],
  );
  if (!a) throw notFound(MSG_APPLY_MISSING);
  return a;
}

export async function listApplications(db: Db, companyId: number, q: { keywords: string; status: string; page: number; page_size: number }) {
  const like = `%${q.keywords.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = `a.company_id = $1 AND ($2 = 'all' OR a.status = $2)
    AND ($3 = '%%' OR a.apply_no ILIKE $3 OR a.remark ILIKE $3
         OR EXISTS (SELECT 1 FROM tax_application_rows x WHERE x.application_id = a.id AND x.company_id = a.company_id AND x.name ILIKE $3))`;
  const list = await db.query<AppRow>(`SELECT ${APP_COLS} FROM ${APP_FROM} WHERE ${where} ORDER BY a.id DESC LIMIT $4 OFFSET $5`, [
    companyId, q.status, like, q.page_size, (q.page - 1) * q.page_size,
  ]);
  const total = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${APP_FROM} WHERE ${where}`, [companyId, q.status, like]);
  const counts = await db.query<{ status: string; n: number }>(
    'SELECT status, count(*)::int AS n FROM tax_applications WHERE company_id = $1 GROUP BY status',
    [companyId],
  );
  return { list: list.map(itemOf), total: total?.n ?? 0, counts: Object.fromEntries(counts.map((c) => [c.status, c.n])) };
}

/** The check rows: each snapshot compared with its payout row as it is now (一致 / 不一致). */
export async function checkRows(db: Db, applicationId: number) {
  const rows = await db.query<{
    id: number; name: string; cert_no_mask: string; income: string; tax: string; period: string; paid_date: string; batch_no: string;
    now_status: string; now_amount: string; now_tax: string;
  }>(
    `SELECT x.id, x.name, x.cert_no_mask, x.income::text, x.tax::text, x.period, to_char(x.paid_date, 'YYYY-MM-DD') AS paid_date, b.batch_no,
            r.status AS now_status, r.amount::text AS now_amount, r.tax::text AS now_tax
       FROM tax_application_rows x JOIN payout_rows r ON r.id = x.payout_row_id AND r.company_id = x.company_id
       JOIN payout_batches b ON b.id = x.batch_id AND b.company_id = x.company_id
      WHERE x.application_id = $1 ORDER BY x.id`,
    [applicationId],
  );
  return rows.map((r) => {
    const problem =
      r.now_status !== 'success'
        ? r.now_status === 'bounced'
          ? '发放已退汇'
          : '发放状态已变更'
        : r.now_amount !== r.income
          ? '收入额与发放记录不一致'
          : r.now_tax !== r.tax
            ? '已扣税额与发放记录不一致'
            : '';
    return {
      id: r.id,
      name: r.name,
      cert_no: r.cert_no_mask,
      income: Number(r.income),
      tax: Number(r.tax),
      period: r.period,
      paid_date: r.paid_date,
      batch_no: r.batch_no,
      consistent: problem === '',
      problem,
    };
  });
}

interface OrderRow {
  order_id: string;
  amount: string;
  status: 'unpaid' | 'confirming' | 'paid' | 'closed';
  method: 'wechat' | 'bank' | '';
  voucher_name: string;
  created_at: Date;
  paid_at: Date | null;
  /** the platform's QR content (production, WeChat Pay Native); '' in the demo: the sandbox page */
  code_url: string;
}
export const orderOf = (o: OrderRow, codeUrl: string) => ({
  order_id: o.order_id,
  service: TAX_SERVICE_NAME,
  amount: Number(o.amount),
  status: o.status,
  method: o.method,
  code_url: o.method === 'wechat' && o.status === 'unpaid' ? o.code_url || codeUrl : '',
  bank: TAX_BANK,
  voucher_name: o.voucher_name,
  created_at: dt(o.created_at),
  paid_at: dt(o.paid_at),
});
export const orderRow = (db: Db, applicationId: number) =>
  db.one<OrderRow>(
    'SELECT order_id, amount::text, status, method, voucher_name, created_at, paid_at, code_url FROM tax_orders WHERE application_id = $1',
    [applicationId],
  );

export async function invoiceOf(db: Db, applicationId: number) {
  const i = await db.one<{
    invoice_type: number; medium: 'electronic' | 'paper'; company_name: string; creditcode: string; address: string; phone: string;
    bank_name: string; bank_account: string; amount: string; content: string; invoice_no: string; invoice_date: string | null;
    status: 'pending' | 'issued'; ship_name: string; ship_phone: string; ship_address: string;
  }>(
    `SELECT invoice_type, medium, company_name, creditcode, address, phone, bank_name, bank_account, amount::text, content, invoice_no,
            to_char(invoice_date, 'YYYY-MM-DD') AS invoice_date, status, ship_name, ship_phone, ship_address
       FROM tax_invoices WHERE application_id = $1`,
    [applicationId],
  );
  if (!i) return null;
  return {
    ...i,
    invoice_type: i.invoice_type === 1 ? (1 as const) : (0 as const),
    amount: Number(i.amount),
    invoice_date: i.invoice_date ?? '',
    ship_phone: maskMobile(i.ship_phone),
  };
}

export async function detailOf(db: Db, a: AppRow, codeUrl: (orderId: string) => string) {
  const rows = await checkRows(db, a.id);
  const batches = await db.query<{ batch_no: string }>(
    `SELECT DISTINCT b.batch_no FROM tax_application_rows x JOIN payout_batches b ON b.id = x.batch_id AND b.company_id = x.company_id
      WHERE x.application_id = $1 ORDER BY b.batch_no`,
    [a.id],
  );
  const o = await orderRow(db, a.id);
  return {
    ...itemOf(a),
    rows,
    all_consistent: rows.every((r) => r.consistent),
    batches: batches.map((b) => b.batch_no),
    order: o ? orderOf(o, codeUrl(o.order_id)) : null,
    invoice: await invoiceOf(db, a.id),
  };
}

/** Moves an application (compare-and-set on its status); refuses a transition the rules forbid. */
export async function move(db: Db, a: { id: number; status: TaxStatus }, action: TaxAction, next: TaxStatus, now: Date) {
  if (!taxAllows(a.status, action)) throw conflict('当前状态的申请不能执行该操作');
  const r = await db.query(
    `UPDATE tax_applications SET status = $3, updated_at = $4 WHERE id = $1 AND status = $2 RETURNING id`,
    [a.id, a.status, next, now],
  );
  if (r.length === 0) throw conflict('申请状态已变化，请刷新后重试');
  if (next === 'withdrawn' || next === 'rejected') {
    await db.query('UPDATE tax_application_rows SET live = false WHERE application_id = $1', [a.id]);
    await db.query(`UPDATE tax_orders SET status = 'closed' WHERE application_id = $1 AND status = 'unpaid'`, [a.id]);
  }
}

export interface TaxPayResult {
  order_id: string;
  /** true: this call paid the order; false: it was paid before (nothing changed) */
  paid_now: boolean;
}

/**
 * The payment of a tax order arrived (WeChat Pay notification, or the operator saw the bank
 * transfer): the order becomes paid and the application 开具中, once; a repeat changes nothing.
 */
export async function confirmTaxPayment(db: Db, orderId: string, now: Date): Promise<TaxPayResult> {
  return db.tx(async (t) => {
    const o = await t.one<{ application_id: number; status: string }>('SELECT application_id, status FROM tax_orders WHERE order_id = $1 FOR UPDATE', [orderId]);
    if (!o) throw notFound('订单不存在');
    if (o.status === 'paid') return { order_id: orderId, paid_now: false };
    if (o.status === 'closed') throw conflict('订单已关闭');
    const a = await t.one<{ id: number; status: TaxStatus }>('SELECT id, status FROM tax_applications WHERE id = $1 FOR UPDATE', [o.application_id]);
    const action: TaxAction = a!.status === 'paying' ? 'confirm' : 'pay';
    await move(t, a!, action, 'issuing', now);
    await t.query(`UPDATE tax_orders SET status = 'paid', paid_at = $2, method = CASE WHEN method = '' THEN 'wechat' ELSE method END WHERE order_id = $1`, [
      orderId,
      now,
    ]);
    return { order_id: orderId, paid_now: true };
  });
}

/** The order as the pay sandbox shows it (the same page as membership orders). */
export const taxOrderForPayPage = (db: Db, orderId: string) =>
  db.one<{ order_id: string; name: string; amount: number; status: string; created_at: Date; paid_at: Date | null; company_name: string }>(
    `SELECT o.order_id, $2::text AS name, o.amount::int AS amount, CASE o.status WHEN 'paid' THEN 'paid' WHEN 'closed' THEN 'closed' ELSE 'unpaid' END AS status,
            o.created_at, o.paid_at, c.name AS company_name
       FROM tax_orders o JOIN companies c ON c.id = o.company_id WHERE o.order_id = $1`,
    [orderId, TAX_SERVICE_NAME],
  );
export const isTaxOrder = (orderId: string) => orderId.startsWith('TAX');

/** For the home page's to-do cards: the company's applications waiting for its payment (待支付). */
export async function taxPendingOrders(db: Db, companyId: number): Promise<number> {
  const r = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM tax_applications WHERE company_id = $1 AND status = 'unpaid'`, [companyId]);
  return r?.n ?? 0;
}

// --- the operator (sandbox) -------------------------------------------------------------------

export async function decideService(db: Db, companyId: number, pass: boolean, reason: string, now: Date) {
  return db.tx(async (t) => {
    const s = await t.one<{ status: string }>('SELECT status FROM tax_services WHERE company_id = $1 FOR UPDATE', [companyId]);
    if (!s) throw notFound('开通申请不存在');
    if (s.status !== 'pending') throw conflict('该开通申请已处理');
    await t.query('UPDATE tax_services SET status = $2, reject_reason = $3, decided_at = $4 WHERE company_id = $1', [
      companyId, pass ? 'approved' : 'rejected', pass ? '' : reason || '资料不完整，请核实后重新申请', now,
    ]);
    await t.query('UPDATE companies SET is_pay_taxe = $2 WHERE id = $1', [companyId, pass]);
  });
}

export async function issueProof(db: Db, id: number, now: Date) {
  return db.tx(async (t) => {
    const a = await t.one<{ id: number; status: TaxStatus }>('SELECT id, status FROM tax_applications WHERE id = $1 FOR UPDATE', [id]);
    if (!a) throw notFound(MSG_APPLY_MISSING);
    const no = `(${fmtDate(now).slice(0, 4)})浙税证${randomDigits(8)}`;
    await move(t, a, 'issue', 'issued', now);
    await t.query('UPDATE tax_applications SET proof_no = $2, proof_date = $3 WHERE id = $1', [id, no, fmtDate(now)]);
    return no;
  });
}

export async function rejectApplication(db: Db, id: number, reason: string, now: Date) {
  return db.tx(async (t) => {
    const a = await t.one<{ id: number; status: TaxStatus }>('SELECT id, status FROM tax_applications WHERE id = $1 FOR UPDATE', [id]);
    if (!a) throw notFound(MSG_APPLY_MISSING);
    await move(t, a, 'reject', 'rejected', now);
    await t.query('UPDATE tax_applications SET reject_reason = $2 WHERE id = $1', [id, reason || '申请信息与税务系统记录不符']);
  });
}

export async function issueInvoice(db: Db, id: number, now: Date) {
  return db.tx(async (t) => {
    const i = await t.one<{ status: string; app_status: TaxStatus }>(
      `SELECT i.status, a.status AS app_status FROM tax_invoices i JOIN tax_applications a ON a.id = i.application_id AND a.company_id = i.company_id
        WHERE i.application_id = $1 FOR UPDATE OF i`,
      [id],
    );
    if (!i) throw notFound('发票不存在');
    if (i.status === 'issued') throw conflict('发票已开具');
    if (i.app_status !== 'issuing' && i.app_status !== 'issued') throw conflict('申请尚未支付完成，不能开票');
    const no = `${fmtDate(now).slice(2, 4)}33${randomDigits(16)}`;
    await t.query(`UPDATE tax_invoices SET status = 'issued', invoice_no = $2, invoice_date = $3 WHERE application_id = $1`, [id, no, fmtDate(now)]);
    return no;
  });
}
