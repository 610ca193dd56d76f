/**
 * The platform's side of 完税服务 (issue 14), for the operator page: decide a company's application
 * to open the service (sets is_pay_taxe), confirm a bank transfer (the same confirmation path as a
 * WeChat Pay notification), issue the proof (number, date; the document is then downloadable),
 * reject an application, issue the invoice.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IdParam } from '../../contract/common';
import { yuanText as yuan } from '../../contract/money';
import { TAX_STATUS_TEXT, periodText, type TaxStatus } from '../../contract/tax-rules';
import type { Db } from '../db/types';
import { issueInvoice, issueProof, recordRemittance, rejectApplication } from '../domain/tax/operator';
import { requestOrigin } from '../http/origin';
import { confirmTaxPayment } from '../domain/tax/orders';
import { decideService } from '../domain/tax/service';
import { envelope } from '../http/envelope';
import { toApiError } from '../http/errors';
import { parseInput } from '../http/validate';
import { fmtDateTime } from '../lib/time';
import { esc } from './mobile-page';

const DecideBody = z.strictObject({
  result: z.enum(['pass', 'reject'], 'result 只能是 pass 或 reject'),
  reason: z.string().trim().max(100, '原因不能超过100字').optional().default(''),
});
const ReasonBody = z.strictObject({ reason: z.string().trim().max(100, '原因不能超过100字').optional().default('') });
const RemitBody = z.strictObject({
  period: z.string().trim(),
  date: z.string().trim(),
  voucher: z.string().trim().max(60, '凭证号不能超过60字').optional().default(''),
});
const OrderParam = z.strictObject({ order_id: z.string().regex(/^TAX\d{6,30}$/, '订单号无效') });
const wantsHtml = (req: FastifyRequest) => (req.headers.accept ?? '').includes('text/html');
const form = (action: string, label: string, cls: string, reason = '') =>
  `<form method="post" action="${action}">${reason ? `<input name="reason" value="${esc(reason)}" maxlength="100">` : ''}<button class="${cls}">${label}</button></form>`;

export async function taxSection(db: Db): Promise<string> {
  const services = await db.query<{ company_id: number; name: string; tax_office: string; contact_name: string; contact_phone_mask: string; applied_at: Date }>(
    `SELECT s.company_id, c.name, s.tax_office, s.contact_name, s.contact_phone_mask, s.applied_at FROM tax_services s JOIN companies c ON c.id = s.company_id
      WHERE s.status = 'pending' ORDER BY s.applied_at`,
  );
  const apps = await db.query<{
    id: number;
    apply_no: string;
    company: string;
    period_start: string;
    period_end: string;
    head_count: number;
    fee: string;
    status: TaxStatus;
    order_id: string | null;
    method: string | null;
    voucher_name: string | null;
    invoice_status: string | null;
  }>(
    `SELECT a.id, a.apply_no, c.name AS company, a.period_start, a.period_end, a.head_count, a.fee::text, a.status,
            o.order_id, o.method, o.voucher_name, i.status AS invoice_status
       FROM tax_applications a JOIN companies c ON c.id = a.company_id
       LEFT JOIN tax_orders o ON o.application_id = a.id LEFT JOIN tax_invoices i ON i.application_id = a.id
      WHERE a.status IN ('paying', 'issuing', 'issued') AND (a.status <> 'issued' OR i.status = 'pending')
      ORDER BY a.id DESC LIMIT 30`,
  );
  const serviceRows = services.length
    ? services
        .map(
          (
            s,
          ) => `<tr data-tax-service="${s.company_id}"><td>${esc(s.name)}</td><td>${esc(s.tax_office)}</td><td>${esc(s.contact_name)} ${esc(s.contact_phone_mask)}</td>
<td>${esc(fmtDateTime(s.applied_at))}</td><td><form method="post" action="/sandbox/tax/services/${s.company_id}/decide"><input type="hidden" name="result" value="pass"><button class="ok">同意开通</button></form>
<form method="post" action="/sandbox/tax/services/${s.company_id}/decide"><input type="hidden" name="result" value="reject"><input name="reason" placeholder="驳回原因" maxlength="100"><button class="no">驳回</button></form></td></tr>`,
        )
        .join('')
    : '<tr><td colspan="5" class="empty">暂无待审核的开通申请</td></tr>';
  const appRows = apps.length
    ? apps
        .map((a) => {
          const acts: string[] = [];
          if (a.status === 'paying' && a.order_id) acts.push(form(`/sandbox/tax/orders/${a.order_id}/confirm`, '确认到账', 'ok'));
          if (a.status === 'issuing') acts.push(form(`/sandbox/tax/applications/${a.id}/issue`, '开具完税证明', 'ok'));
          if (a.invoice_status === 'pending' && a.status !== 'paying') acts.push(form(`/sandbox/tax/applications/${a.id}/invoice`, '开具发票', 'ok'));
          if (a.status === 'paying' || a.status === 'issuing')
            acts.push(form(`/sandbox/tax/applications/${a.id}/reject`, '驳回', 'no', '申请信息与税务系统记录不符'));
          return `<tr data-tax-apply="${esc(a.apply_no)}"><td>${esc(a.apply_no)}</td><td>${esc(a.company)}</td><td>${esc(periodText(a.period_start, a.period_end))}</td>
<td>${a.head_count}</td><td>${esc(yuan(Number(a.fee)))}${a.method === 'bank' ? `<div class="sub">对公转账 · 凭证 ${esc(a.voucher_name ?? '')}</div>` : a.method === 'wechat' ? '<div class="sub">微信支付</div>' : ''}</td>
<td>${TAX_STATUS_TEXT[a.status]}${a.invoice_status === 'pending' ? '<div class="sub">发票待开具</div>' : ''}</td><td>${acts.join('')}</td></tr>`;
        })
        .join('')
    : '<tr><td colspan="7" class="empty">暂无待处理的完税申请</td></tr>';
  const remits = await db.query<{ period: string; treasury_date: string; voucher_no: string }>(
    `SELECT period, to_char(treasury_date, 'YYYY-MM-DD') AS treasury_date, voucher_no FROM tax_remittances ORDER BY period DESC LIMIT 6`,
  );
  const remitRows = remits.map((r) => `<tr><td>${esc(r.period)}</td><td>${esc(r.treasury_date)}</td><td>${esc(r.voucher_no)}</td></tr>`).join('');
  return `<section id="tax-remittances"><h2>代扣个税入库登记</h2><p class="sub">平台作为扣缴义务人次月申报缴纳，按电子缴款凭证登记每个税款所属期的入库日期；完税证明只为已入库的税款开具：POST /sandbox/tax/remittances（period、date、voucher）</p>
<form method="post" action="/sandbox/tax/remittances"><input name="period" placeholder="所属期 YYYY-MM" maxlength="7"><input name="date" placeholder="入库日期 YYYY-MM-DD" maxlength="10"><input name="voucher" placeholder="电子缴款凭证号" maxlength="60"><button class="ok">登记入库</button></form>
<table><thead><tr><th>税款所属期</th><th>入库日期</th><th>凭证号</th></tr></thead><tbody>${remitRows || '<tr><td colspan="3" class="empty">暂无入库登记</td></tr>'}</tbody></table></section>
<section id="tax-services"><h2>完税服务开通申请</h2><p class="sub">同意后企业的完税服务标记（is_pay_taxe）打开：POST /sandbox/tax/services/企业ID/decide（result=pass|reject，reason）</p>
<table><thead><tr><th>企业</th><th>主管税务机关</th><th>联系人</th><th>申请时间</th><th>审核</th></tr></thead><tbody>${serviceRows}</tbody></table></section>
<section id="tax-applications"><h2>完税证明申请（开具与开票）</h2><p class="sub">对公转账确认到账：POST /sandbox/tax/orders/订单号/confirm（与微信支付通知同一路径，幂等）；开具：POST /sandbox/tax/applications/申请ID/issue；发票：…/invoice；驳回：…/reject</p>
<table><thead><tr><th>申请编号</th><th>企业</th><th>税款所属期</th><th>人数</th><th>服务费</th><th>状态</th><th>操作</th></tr></thead><tbody>${appRows}</tbody></table></section>`;
}

export function taxSandbox(app: FastifyInstance) {
  const act = (url: string, anchor: string, run: (req: FastifyRequest) => Promise<string>) =>
    app.post(url, async (req, reply) => {
      const fromPage = wantsHtml(req);
      try {
        const done = await run(req);
        if (fromPage) return reply.redirect(`/sandbox/?done=${encodeURIComponent(done)}#${anchor}`, 303);
        return envelope(200, done, null);
      } catch (e) {
        const api = toApiError(e);
        if (fromPage && api.httpStatus < 500) return reply.redirect(`/sandbox/?error=${encodeURIComponent(api.message)}#${anchor}`, 303);
        return reply.status(api.httpStatus).send(envelope(api.code, api.message, null));
      }
    });

  act('/sandbox/tax/services/:id/decide', 'tax-services', async (req) => {
    const { id } = parseInput(IdParam, req.params);
    const b = parseInput(DecideBody, req.body ?? {});
    await decideService(app.db, id, b.result === 'pass', b.reason, app.now());
    return b.result === 'pass' ? '已同意开通完税服务' : '已驳回开通申请';
  });
  act('/sandbox/tax/orders/:order_id/confirm', 'tax-applications', async (req) => {
    const { order_id } = parseInput(OrderParam, req.params);
    const r = await confirmTaxPayment(app.db, order_id, app.now());
    return r.paid_now ? `订单 ${order_id} 已确认到账` : '订单已支付';
  });
  act('/sandbox/tax/applications/:id/issue', 'tax-applications', async (req) => {
    const { id } = parseInput(IdParam, req.params);
    return `完税证明已开具：${await issueProof(app.db, id, app.now(), requestOrigin(req), app.taxSeller)}`;
  });
  act('/sandbox/tax/remittances', 'tax-remittances', async (req) => {
    const b = parseInput(RemitBody, req.body ?? {});
    await recordRemittance(app.db, b.period, b.date, b.voucher, app.now());
    return `已登记 ${b.period} 税款入库日期 ${b.date}`;
  });
  act('/sandbox/tax/applications/:id/invoice', 'tax-applications', async (req) => {
    const { id } = parseInput(IdParam, req.params);
    return `发票已开具：${await issueInvoice(app.db, id, app.now())}`;
  });
  act('/sandbox/tax/applications/:id/reject', 'tax-applications', async (req) => {
    const { id } = parseInput(IdParam, req.params);
    const b = parseInput(ReasonBody, req.body ?? {});
    await rejectApplication(app.db, id, b.reason, app.now());
    return '申请已驳回';
  });
}
