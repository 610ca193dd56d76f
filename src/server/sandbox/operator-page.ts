import type { FastifyInstance } from 'fastify';
import { fmtDateTime } from '../lib/time';
import { yuanText } from '../../contract/money';
import { employmentSection } from './employment';
import { esignSection } from './esign-h5';
import { payoutsSection } from './payout-channel-page';
import { settleDue } from './payout-channel-events';
import { taxSection } from './tax';
import { announcementsSection } from './announcements';
import { listCompanies } from './review';
import { smsInbox } from './sms';

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STATUS_TEXT: Record<string, string> = { apply: '审核中', normal: '已认证', reject: '未通过' };

/**
 * A self-contained operator page (inline CSS, no external assets) for people testing the
 * console by hand: read SMS codes, review companies, confirm membership payments. Uploads come with their issue.
 */
export function operatorPage(app: FastifyInstance) {
  app.get('/sandbox', (_req, reply) => reply.redirect('/sandbox/', 302));

  app.get('/sandbox/', async (req, reply) => {
    const q = req.query as { done?: unknown; error?: unknown };
    const now = app.now();
    const [inbox, pending, reviewed] = await Promise.all([
      smsInbox(app.db, 30),
      listCompanies(app.db, 'apply'),
      app.db.query<{ id: number; name: string; status: string; reject_reason: string; reviewed_at: Date | null }>(
        `SELECT id, name, status, reject_reason, reviewed_at FROM companies
          WHERE status <> 'apply' ORDER BY reviewed_at DESC NULLS LAST, id DESC LIMIT 20`,
      ),
    ]);

    const orders = await app.db.query<{ order_id: string; company_name: string; name: string; amount: number; status: string; created_at: Date }>(
      `SELECT o.order_id, c.name AS company_name, o.name, o.amount, o.status, o.created_at
         FROM member_orders o JOIN companies c ON c.id = o.company_id ORDER BY o.created_at DESC LIMIT 20`,
    );
    const media = await app.db.query<{
      media_id: string;
      kind: string;
      title: string;
      file_size: string;
      status: string;
      crc64: string;
      created_at: Date;
      company: string | null;
      realname: string | null;
      task_worker_id: number | null;
    }>(
      `SELECT m.media_id, m.kind, m.title, m.file_size, m.status, m.crc64, m.created_at, c.name AS company, u.realname, m.task_worker_id
         FROM vod_media m LEFT JOIN users u ON u.id = m.user_id LEFT JOIN companies c ON c.id = m.company_id
        ORDER BY m.created_at DESC LIMIT 20`,
    );
    const mediaRows = media.length
      ? media
          .map(
            (
              m,
            ) => `<tr><td class="code">${esc(m.media_id)}</td><td>${m.kind === 'video' ? '视频' : m.kind === 'attached' ? '文档' : '图片'}</td><td>${esc(m.title)}</td>
<td>${m.task_worker_id !== null ? `零工 #${m.task_worker_id}` : `${esc(m.company ?? '（个人）')} · ${esc(m.realname ?? '')}`}</td><td>${(Number(m.file_size) / 1048576).toFixed(1)} MB</td>
<td>${m.status === 'Normal' ? '已完成' : '上传中'}</td><td class="code">${esc(m.crc64)}</td><td>${esc(fmtDateTime(m.created_at))}</td></tr>`,
          )
          .join('')
      : '<tr><td colspan="8" class="empty">暂无数据</td></tr>';
    const orderRows = orders.length
      ? orders
          .map(
            (o) => `<tr><td><a href="/sandbox/pay/${esc(o.order_id)}">${esc(o.order_id)}</a></td><td>${esc(o.company_name)}</td><td>${esc(o.name)}</td>
<td>${yuanText(o.amount, { grouping: false })}</td><td>${esc(fmtDateTime(o.created_at))}</td>
<td>${o.status === 'paid' ? '已支付' : o.status === 'closed' ? '已关闭' : `<form method="post" action="/sandbox/pay/${esc(o.order_id)}"><button class="ok">确认支付</button></form>`}</td></tr>`,
          )
          .join('')
      : '<tr><td colspan="6" class="empty">暂无订单</td></tr>';

    const smsRows = inbox.length
      ? inbox
          .map((r) => {
            const state = r.consumed_at ? '已使用' : r.attempts >= 5 ? '错误次数过多' : r.expires_at <= now ? '已过期' : '有效';
            return `<tr><td>${esc(r.mobile)}</td><td class="code">${esc(r.code)}</td><td>${esc(fmtDateTime(r.sent_at))}</td><td>${state}</td></tr>`;
          })
          .join('')
      : '<tr><td colspan="4" class="empty">暂无数据</td></tr>';

    const pendingRows = pending.length
      ? pending
          .map(
            (c) => `<tr><td>${c.id}</td><td>${esc(c.name)}<div class="sub">${esc(c.creditcode)}</div></td>
<td>${esc(c.applicant_name ?? '')} ${esc(c.applicant_mobile ?? '')}</td><td>${c.submitted_at ? esc(fmtDateTime(c.submitted_at)) : ''}</td>
<td><form method="post" action="/sandbox/companies/${c.id}/review"><input type="hidden" name="result" value="pass"><button class="ok">通过</button></form>
<form method="post" action="/sandbox/companies/${c.id}/review"><input type="hidden" name="result" value="reject">
<input name="reason" placeholder="驳回原因（必填）" maxlength="200" required><button class="no">驳回</button></form></td></tr>`,
          )
          .join('')
      : '<tr><td colspan="5" class="empty">暂无待审核企业</td></tr>';

    const reviewedRows = reviewed
      .map(
        (c) =>
          `<tr><td>${c.id}</td><td>${esc(c.name)}</td><td>${STATUS_TEXT[c.status] ?? esc(c.status)}${c.reject_reason ? `（${esc(c.reject_reason)}）` : ''}</td><td>${c.reviewed_at ? esc(fmtDateTime(c.reviewed_at)) : ''}</td></tr>`,
      )
      .join('');

    const notice =
      typeof q.error === 'string' ? `<p class="notice err">${esc(q.error)}</p>` : typeof q.done === 'string' ? `<p class="notice">${esc(q.done)}</p>` : '';

    const html = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
<title>沙箱操作台 - 企业服务平台</title>
<style>
body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;margin:0;background:#f5f6f8;color:#1f2937}
header{background:#1f5fbf;color:#fff;padding:14px 24px}header h1{margin:0;font-size:20px}header p{margin:4px 0 0;opacity:.85;font-size:13px}
main{max-width:1080px;margin:0 auto;padding:16px 24px}
section{background:#fff;border-radius:8px;padding:12px 16px;margin:16px 0;box-shadow:0 1px 2px rgba(0,0,0,.06)}
h2{font-size:16px;margin:4px 0 10px}table{width:100%;border-collapse:collapse;font-size:14px}
th,td{text-align:left;padding:8px;border-bottom:1px solid #eef0f3;vertical-align:top}th{color:#6b7280;font-weight:500}
.code{font-family:ui-monospace,Consolas,monospace;font-size:16px;letter-spacing:2px}.sub{color:#6b7280;font-size:12px}
.empty{color:#9ca3af;text-align:center}form{display:inline-flex;gap:6px;margin:0 6px 4px 0}
input{padding:4px 6px;border:1px solid #d1d5db;border-radius:4px}button{border:0;border-radius:4px;padding:5px 12px;color:#fff;cursor:pointer}
.ok{background:#16a34a}.no{background:#dc2626}.notice{background:#ecfdf5;border:1px solid #a7f3d0;padding:8px 12px;border-radius:6px}
.notice.err{background:#fef2f2;border-color:#fecaca}.todo{color:#9ca3af}a{color:#1f5fbf}
</style></head><body>
<header><h1>沙箱操作台</h1><p>代替短信网关、平台审核、微信支付与云存储，仅用于开发与测试。<a href="/sandbox/" style="color:#fff">刷新</a></p></header>
<main>${notice}
<section><h2>短信收件箱</h2><p class="sub">每个手机号最近一条验证码（5 分钟内有效）。JSON：<a href="/sandbox/sms">/sandbox/sms</a>，或 /sandbox/sms?mobile=手机号</p>
<table><thead><tr><th>手机号</th><th>验证码</th><th>发送时间</th><th>状态</th></tr></thead><tbody>${smsRows}</tbody></table></section>
<section><h2>待审核企业</h2>
<table><thead><tr><th>编号</th><th>企业名称</th><th>申请人</th><th>提交时间</th><th>审核</th></tr></thead><tbody>${pendingRows}</tbody></table></section>
<section><h2>已审核企业</h2><p class="sub">JSON：<a href="/sandbox/companies">/sandbox/companies</a></p>
<table><thead><tr><th>编号</th><th>企业名称</th><th>状态</th><th>审核时间</th></tr></thead><tbody>${reviewedRows || '<tr><td colspan="4" class="empty">暂无数据</td></tr>'}</tbody></table></section>
${await employmentSection(app.db)}
${await esignSection(app.db)}
${(await settleDue(app), await payoutsSection(app.db))}
${await taxSection(app.db)}
${await announcementsSection(app.db)}
<section><h2>会员订单（微信支付）</h2><p class="sub">扫码打开的支付页：/sandbox/pay/订单号。确认支付是幂等的：重复确认不会重复开通会员或赠送 CRC。</p>
<table><thead><tr><th>订单号</th><th>企业</th><th>套餐</th><th>金额</th><th>下单时间</th><th>状态</th></tr></thead><tbody>${orderRows}</tbody></table></section>
<section><h2>上传记录（点播 / 对象存储）</h2><p class="sub">点播接口：/sandbox/vod/（签名 GET/POST）；对象存储：/outin-hrconsole-sandbox/（路径式访问）。故障注入：POST /sandbox/oss/faults，计数：<a href="/sandbox/oss/stats">/sandbox/oss/stats</a>，对象：<a href="/sandbox/oss/objects">/sandbox/oss/objects</a></p>
<table><thead><tr><th>媒体 ID</th><th>类型</th><th>标题</th><th>企业 · 上传人</th><th>大小</th><th>状态</th><th>CRC64</th><th>创建时间</th></tr></thead><tbody>${mediaRows}</tbody></table></section>
</main></body></html>`;
    return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
  });
}
