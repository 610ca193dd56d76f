/**
 * The demo e签宝's H5 signing page, behind the login-free link sign-url hands out
 * (`/sandbox/esign/h5/sign/{ticket}`, a day; the ticket never reaches a log: http/security.ts):
 * the document to read, then e签宝's own intent check — an SMS code it sends to the signer's
 * account (sandbox_esign_sms: the operator page's e签宝 section and GET /sandbox/esign/sms show
 * it, as the sandbox SMS inbox shows ours) — and 确认签署, which makes the signed PDF and ends the
 * flow (its callbacks go out), or 拒绝签署. Then e签宝's 签署完成 screen and, after the flow's
 * redirectDelayTime, back to its redirectUrl (the Refresh header; 0 s: a 303 straight away).
 * A phone's page at 360 px (sandbox/mobile-page.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FLOW_STATUS } from '../adapters/esign-flows';
import type { Db } from '../db/types';
import { randomDigits, safeEqual } from '../lib/crypto';
import { fmtDateTime } from '../lib/time';
import { endFlow, expireIfDue, loadFlow, signedPdfOf, type SandboxFlow } from './esign-flows';
import { ESIGN_SANDBOX_PREFIX } from './esign';
import { esc, mobilePage } from './mobile-page';

const H5 = `${ESIGN_SANDBOX_PREFIX}/h5/sign`;
const LINK_TTL_MS = 24 * 3600_000;
const CODE_TTL_MS = 10 * 60_000;
const CODE_INTERVAL_MS = 60_000;
const CODE_MAX_ATTEMPTS = 5;
const FOOT = '沙箱环境 · 代替 e签宝，仅用于开发与测试';
// e签宝's blue instead of the WeChat screens' green
const STYLE = `<style>.logo{background:#1660d8}.primary{background:#1660d8}.plain{color:#1660d8}.notice{font-size:14px;line-height:1.6;padding:10px 12px;border-radius:6px;margin-top:12px;text-align:left;background:#eef4ff;color:#1f3b73}.notice.err{background:#fdecec;color:#a12622}.doc{display:block;margin-top:12px;font-size:15px;color:#1660d8}</style>`;

const maskMobile = (m: string) => `${m.slice(0, 3)}****${m.slice(7)}`;
const maskName = (n: string) => n.slice(0, 1) + '*'.repeat(Math.max(n.length - 1, 1));
const ENDED: Record<number, string> = {
  [FLOW_STATUS.completed]: '文件已签署完成',
  [FLOW_STATUS.refused]: '您已拒绝签署该文件',
  [FLOW_STATUS.revoked]: '发起方已撤销该签署',
  [FLOW_STATUS.expired]: '该签署已过期',
};

export function esignH5Sandbox(app: FastifyInstance) {
  /** The flow behind a ticket still valid (expired now if its time has come), or null. */
  async function flowOf(req: FastifyRequest): Promise<SandboxFlow | null> {
    const { ticket } = req.params as { ticket: string };
    const link = await app.db.one<{ sign_flow_id: string; created_at: Date }>('SELECT sign_flow_id, created_at FROM sandbox_esign_links WHERE ticket = $1', [
      ticket,
    ]);
    if (!link || link.created_at.getTime() + LINK_TTL_MS < app.now().getTime()) return null;
    const f = await loadFlow(app.db, link.sign_flow_id);
    return f ? expireIfDue(app, f, app.now()) : null;
  }
  const page = (reply: FastifyReply, body: string, status = 200) =>
    reply
      .status(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(mobilePage('e签宝 · 签署文件', STYLE + body, FOOT));
  const invalid = (reply: FastifyReply) =>
    page(reply, `<div class="card"><div class="err">!</div><p>签署链接无效或已过期</p><p class="muted">请返回发起方页面重新获取签署链接</p></div>`, 404);

  /** The screen after the flow ended: its words, and the way back to the page that sent the signer. */
  function ended(reply: FastifyReply, f: SandboxFlow, headline?: string) {
    const signed = f.status === FLOW_STATUS.completed;
    if (f.redirect_delay === 0) return reply.redirect(f.redirect_url, 303);
    reply.header('refresh', `${f.redirect_delay};url=${f.redirect_url}`);
    return page(
      reply,
      `<div class="card" data-testid="esign-done" data-status="${f.status}"><div class="${signed ? 'ok' : 'err'}">${signed ? '✓' : '!'}</div>
<p style="font-size:18px;font-weight:600">${esc(headline ?? ENDED[f.status] ?? f.description)}</p>
${f.signed_at ? `<p class="muted">签署时间 ${esc(fmtDateTime(f.signed_at))}</p>` : ''}
<p class="muted">${f.redirect_delay} 秒后自动返回</p>
<a class="doc" href="${esc(f.redirect_url)}" data-testid="esign-back">立即返回</a></div>`,
    );
  }

  function signPage(reply: FastifyReply, req: FastifyRequest, f: SandboxFlow, notice = '', err = false) {
    const base = `${H5}/${esc((req.params as { ticket: string }).ticket)}`;
    return page(
      reply,
      `<div class="card" data-testid="esign-h5">
<div class="logo">签</div>
<p style="font-size:18px;font-weight:600;margin:4px 0" data-testid="esign-title">${esc(f.title)}</p>
<div class="row"><span>签署人</span><span>${esc(maskName(f.signer_name))}</span></div>
<div class="row"><span>签署文件</span><span>${esc(f.file_name)}</span></div>
<div class="row"><span>截止时间</span><span>${esc(fmtDateTime(f.expires_at))}</span></div>
<a class="doc" href="${base}/file" target="_blank" rel="noopener" data-testid="esign-file">查看签署文件</a>
${notice ? `<p class="notice${err ? ' err' : ''}" role="${err ? 'alert' : 'status'}" data-testid="esign-notice">${esc(notice)}</p>` : ''}
<form method="post" action="${base}/code"><button class="plain" data-testid="esign-send">获取验证码</button></form>
<form method="post" action="${base}/sign">
<label for="esign-code">短信验证码（发送至 ${esc(maskMobile(f.signer_mobile))}）</label>
<input id="esign-code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" placeholder="请输入6位验证码" data-testid="esign-code">
<button class="primary" data-testid="esign-sign">确认签署</button></form>
<form method="post" action="${base}/refuse"><button class="plain" data-testid="esign-refuse">拒绝签署</button></form>
<p class="muted" style="margin-top:14px">签署即表示您已阅读并同意文件内容，签署结果具有法律效力</p></div>`,
    );
  }

  app.get(`${H5}/:ticket`, async (req, reply) => {
    const f = await flowOf(req);
    if (!f) return invalid(reply);
    if (f.status !== FLOW_STATUS.signing) return ended(reply, f);
    const q = req.query as { sent?: string };
    return signPage(reply, req, f, q.sent === '1' ? `验证码已发送至 ${maskMobile(f.signer_mobile)}（沙箱：在操作台 /sandbox/ 的 e签宝 一栏查看）` : '');
  });

  app.get(`${H5}/:ticket/file`, async (req, reply) => {
    const f = await flowOf(req);
    if (!f) return invalid(reply);
    const file = await app.db.one<{ content: Buffer }>('SELECT content FROM sandbox_esign_files WHERE file_id = $1', [f.file_id]);
    return reply.type('application/pdf').header('content-disposition', 'inline').send(Buffer.from(file!.content));
  });

  app.post(`${H5}/:ticket/code`, async (req, reply) => {
    const f = await flowOf(req);
    if (!f) return invalid(reply);
    if (f.status !== FLOW_STATUS.signing) return ended(reply, f);
    const now = app.now();
    const last = await app.db.one<{ sent_at: Date }>('SELECT sent_at FROM sandbox_esign_sms WHERE sign_flow_id = $1 ORDER BY id DESC LIMIT 1', [
      f.sign_flow_id,
    ]);
    if (last && now.getTime() - last.sent_at.getTime() < CODE_INTERVAL_MS) {
      const wait = Math.ceil((CODE_INTERVAL_MS - (now.getTime() - last.sent_at.getTime())) / 1000);
      return signPage(reply, req, f, `验证码发送过于频繁，请${wait}秒后再试`, true);
    }
    await app.db.query('INSERT INTO sandbox_esign_sms (sign_flow_id, mobile, code, sent_at) VALUES ($1, $2, $3, $4)', [
      f.sign_flow_id,
      f.signer_mobile,
      randomDigits(6),
      now,
    ]);
    return reply.redirect(`${H5}/${(req.params as { ticket: string }).ticket}?sent=1`, 303);
  });

  app.post(`${H5}/:ticket/sign`, async (req, reply) => {
    const f = await flowOf(req);
    if (!f) return invalid(reply);
    if (f.status !== FLOW_STATUS.signing) return ended(reply, f);
    const code = String(((req.body ?? {}) as Record<string, unknown>).code ?? '').trim();
    const now = app.now();
    const sms = await app.db.one<{ id: number; code: string; sent_at: Date; attempts: number; consumed_at: Date | null }>(
      'SELECT id, code, sent_at, attempts, consumed_at FROM sandbox_esign_sms WHERE sign_flow_id = $1 ORDER BY id DESC LIMIT 1',
      [f.sign_flow_id],
    );
    if (!/^\d{6}$/.test(code)) return signPage(reply, req, f, '请输入6位验证码', true);
    if (!sms || sms.consumed_at) return signPage(reply, req, f, '请先获取验证码', true);
    if (sms.attempts >= CODE_MAX_ATTEMPTS) return signPage(reply, req, f, '验证码错误次数过多，请重新获取', true);
    if (sms.sent_at.getTime() + CODE_TTL_MS < now.getTime()) return signPage(reply, req, f, '验证码已过期，请重新获取', true);
    if (!safeEqual(sms.code, code)) {
      await app.db.query('UPDATE sandbox_esign_sms SET attempts = attempts + 1 WHERE id = $1', [sms.id]);
      return signPage(reply, req, f, '验证码错误', true);
    }
    // used once, whatever happens next (a second tap finds it used and the flow ended)
    const used = await app.db.one('UPDATE sandbox_esign_sms SET consumed_at = $2 WHERE id = $1 AND consumed_at IS NULL RETURNING id', [sms.id, now]);
    if (!used) return ended(reply, (await loadFlow(app.db, f.sign_flow_id))!);
    const pdf = await signedPdfOf(app, f, now);
    await endFlow(app, f.sign_flow_id, { status: FLOW_STATUS.completed, description: '完成', signedPdf: pdf, ip: req.ip }, now);
    const after = (await loadFlow(app.db, f.sign_flow_id))!;
    return ended(reply, after, after.status === FLOW_STATUS.signing ? '签署成功，等待发起方完结流程' : undefined);
  });

  app.post(`${H5}/:ticket/refuse`, async (req, reply) => {
    const f = await flowOf(req);
    if (!f) return invalid(reply);
    await endFlow(app, f.sign_flow_id, { status: FLOW_STATUS.refused, description: '签署人拒签' }, app.now());
    return ended(reply, (await loadFlow(app.db, f.sign_flow_id))!);
  });
}

/** The operator page's e签宝 section: recent flows, where they stand, the code each signer was sent. */
export async function esignSection(db: Db): Promise<string> {
  const rows = await db.query<{
    sign_flow_id: string;
    title: string;
    signer_name: string;
    signer_mobile: string;
    status: number;
    description: string;
    code: string | null;
    created_at: Date;
  }>(
    `SELECT f.sign_flow_id, f.title, f.signer_name, f.signer_mobile, f.status, f.description, f.created_at,
            (SELECT code FROM sandbox_esign_sms s WHERE s.sign_flow_id = f.sign_flow_id ORDER BY s.id DESC LIMIT 1) AS code
       FROM sandbox_esign_flows f ORDER BY f.created_at DESC LIMIT 20`,
  );
  const body = rows.length
    ? rows
        .map(
          (
            f,
          ) => `<tr data-esign-flow="${esc(f.sign_flow_id)}"><td>${esc(f.title)}<div class="sub">${esc(f.sign_flow_id)}</div></td><td>${esc(f.signer_name)} ${esc(f.signer_mobile)}</td>
<td class="code">${esc(f.code ?? '')}</td><td>${esc(f.description)}</td><td>${esc(fmtDateTime(f.created_at))}</td></tr>`,
        )
        .join('')
    : '<tr><td colspan="5" class="empty">暂无签署流程</td></tr>';
  return `<section><h2>e签宝 签署流程</h2><p class="sub">签署页的短信验证码由 e签宝 发送（JSON：/sandbox/esign/sms?mobile=手机号）。回调可暂停：POST /sandbox/esign/callbacks hold=1|0；重发：POST /sandbox/esign/flows/流程ID/notify action=SIGN_FLOW_COMPLETE。</p>
<table><thead><tr><th>流程</th><th>签署人</th><th>验证码</th><th>状态</th><th>发起时间</th></tr></thead><tbody>${body}</tbody></table></section>`;
}
