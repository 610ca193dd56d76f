/**
 * The operator page's payout sections (sandbox/operator-page.ts): money in — this server's pending
 * bank top-ups (确认到账: the company's transfer reaches the demo channel, which notifies 来账) and a
 * free 来账 of any amount and remark — and the demo channel's own orders (sandbox_channel_orders,
 * whichever server sent them) with their 成功 / 失败 / 退汇 / 重发通知 buttons and the auto mode.
 */
import { yuanText as yuan } from '../../contract/money';
import type { Db } from '../db/types';
import { fmtDateTime } from '../lib/time';
import { AUTO_FAIL_TAIL, PAYOUT_CHANNEL_SANDBOX_PATH, REFUSED_TAIL } from './payout-channel-events';
import { esc } from './mobile-page';

const OPS = `${PAYOUT_CHANNEL_SANDBOX_PATH}/ops`;
const STATUS_TEXT: Record<string, string> = { processing: '处理中', success: '发放成功', failed: '发放失败', bounced: '已退汇' };

const form = (action: string, label: string, cls: string, fields = '') =>
  `<form method="post" action="${esc(action)}">${fields}<button class="${cls}">${esc(label)}</button></form>`;
const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${esc(value)}">`;
const reason = (value: string) => `<input name="reason" value="${esc(value)}" maxlength="100">`;

async function topupsSection(db: Db): Promise<string> {
  const tops = await db.query<{ id: number; order_no: string; amount: string; company: string; created_at: Date }>(
    `SELECT t.id, t.order_no, t.amount::text, c.name AS company, t.created_at FROM payout_topups t JOIN companies c ON c.id = t.company_id
      WHERE t.status = 'pending' AND t.method = 'bank' ORDER BY t.id DESC LIMIT 30`,
  );
  const sent = await db.query<{ ref: string; payload: string; http_status: number | null; answer: string; sent_at: Date }>(
    `SELECT ref, payload, http_status, answer, sent_at FROM sandbox_channel_notices WHERE kind = 'transfer' ORDER BY id DESC LIMIT 10`,
  );
  const topRows = tops.length
    ? tops
        .map(
          (t) =>
            `<tr data-topup="${t.id}"><td>${esc(t.order_no)}</td><td>${esc(t.company)}</td><td>${esc(yuan(Number(t.amount)))}</td><td>${esc(fmtDateTime(t.created_at))}</td>
<td>${form(`/sandbox/payouts/topups/${t.id}/confirm`, '确认到账', 'ok')}</td></tr>`,
        )
        .join('')
    : '<tr><td colspan="5" class="empty">暂无待确认的充值</td></tr>';
  const sentRows = sent
    .map((n) => {
      const p = JSON.parse(n.payload) as { amount?: string; payer_name?: string; remark?: string };
      const a = (() => {
        try {
          return (JSON.parse(n.answer) as { msg?: string }).msg ?? n.answer;
        } catch {
          return n.answer;
        }
      })();
      return `<tr><td>${esc(n.ref)}</td><td>${esc(yuan(Number(p.amount ?? 0)))}</td><td>${esc(p.payer_name)}</td><td>${esc(p.remark)}</td><td>${esc(n.http_status ?? '')} ${esc(a)}</td><td>${esc(fmtDateTime(n.sent_at))}</td></tr>`;
    })
    .join('');
  return `<section id="payout-topups"><h2>灵活用工账户充值（对公转账 → 发放通道来账通知）</h2>
<p class="sub">确认到账 = 企业按充值单转账到平台账户：发放通道（本沙箱）以签名的来账通知（POST /ent/v3/payout/transfer-notify）通知服务端，附言中的充值单号与金额相符才入账，只入账一次；不符的来账记为未匹配，不入账。</p>
<table><thead><tr><th>充值单号</th><th>企业</th><th>金额</th><th>提交时间</th><th>操作</th></tr></thead><tbody>${topRows}</tbody></table>
<p>${form(
    `${OPS}/transfers`,
    '模拟来账',
    'ok',
    `<input name="amount" placeholder="金额（分）" size="10" required><input name="payer_name" placeholder="付款户名"><input name="remark" placeholder="附言（充值单号）" size="28">`,
  )}</p>
${sentRows ? `<table><thead><tr><th>来账流水号</th><th>金额</th><th>付款户名</th><th>附言</th><th>服务端应答</th><th>通知时间</th></tr></thead><tbody>${sentRows}</tbody></table>` : ''}</section>`;
}

async function channelSection(db: Db): Promise<string> {
  const s = (await db.one<{ auto: boolean; auto_delay_ms: number }>('SELECT auto, auto_delay_ms FROM sandbox_channel_settings WHERE id = 1')) ?? {
    auto: false,
    auto_delay_ms: 3000,
  };
  const orders = await db.query<{
    out_trade_no: string;
    payee_name: string;
    amount: string;
    account_mask: string;
    status: string;
    reason: string;
    notify_url: string;
    created_at: Date;
    last: number | null;
  }>(
    `SELECT o.out_trade_no, o.payee_name, o.amount::text, o.account_mask, o.status, o.reason, o.notify_url, o.created_at,
            (SELECT n.http_status FROM sandbox_channel_notices n WHERE n.kind = 'result' AND n.ref = o.out_trade_no ORDER BY n.id DESC LIMIT 1) AS last
       FROM sandbox_channel_orders o ORDER BY o.id DESC LIMIT 50`,
  );
  const act = (no: string) => `${OPS}/orders/${encodeURIComponent(no)}`;
  const rows = orders.length
    ? orders
        .map((o) => {
          const result = (r: string, label: string, cls: string, why = '') =>
            form(`${act(o.out_trade_no)}/result`, label, cls, hidden('result', r) + (why ? reason(why) : ''));
          const buttons =
            o.status === 'processing'
              ? result('success', '成功', 'ok') + result('fail', '失败', 'no', '户名与卡号不符')
              : o.status === 'success'
                ? result('bounce', '退汇', 'no', '收款账户已销户')
                : '';
          const resend = o.last !== null ? form(`${act(o.out_trade_no)}/resend`, '重发通知', 'ok') : '';
          return `<tr data-order="${esc(o.out_trade_no)}"><td>${esc(o.out_trade_no)}<div class="sub">${esc(new URL(o.notify_url).host)}</div></td><td>${esc(o.payee_name)}<div class="sub">${esc(o.account_mask)}</div></td>
<td>${esc(yuan(Number(o.amount)))}</td><td>${STATUS_TEXT[o.status] ?? esc(o.status)}${o.reason ? `（${esc(o.reason)}）` : ''}${o.last !== null ? `<div class="sub">回调 HTTP ${o.last || '未送达'}</div>` : ''}</td><td>${buttons}${resend}</td></tr>`;
        })
        .join('')
    : '<tr><td colspan="5" class="empty">暂无通道订单</td></tr>';
  const auto = form(
    `${OPS}/settings`,
    s.auto ? '关闭自动模式' : '开启自动模式',
    s.auto ? 'no' : 'ok',
    hidden('auto', s.auto ? '0' : '1') + `<input name="auto_delay_ms" value="${s.auto_delay_ms}" size="6" title="毫秒">`,
  );
  return `<section id="payout-channel"><h2>发放通道（银行沙箱）</h2>
<p class="sub">独立的通道服务（${esc(PAYOUT_CHANNEL_SANDBOX_PATH)}）：服务端以签名请求提交发放订单（按商户订单号幂等），通道以签名回调把结果发到订单的通知地址。收款账号尾号 ${REFUSED_TAIL} 的订单受理时即被拒绝（账户无效）。
自动模式${s.auto ? `已开启：受理 ${s.auto_delay_ms / 1000} 秒后出结果，尾号 ${AUTO_FAIL_TAIL} 失败，其余成功` : '已关闭：由下方按钮出结果'}。${auto}</p>
<table><thead><tr><th>商户订单号</th><th>收款人</th><th>金额</th><th>状态</th><th>通道结果</th></tr></thead><tbody>${rows}</tbody></table>
<p class="sub">验证码：<a href="/sandbox/payouts/sms">/sandbox/payouts/sms</a>?mobile=手机号；订单 JSON：<a href="${OPS}/orders">${OPS}/orders</a></p></section>`;
}

export async function payoutsSection(db: Db): Promise<string> {
  return (await topupsSection(db)) + '\n' + (await channelSection(db));
}
