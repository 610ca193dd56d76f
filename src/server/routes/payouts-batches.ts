/**
 * Payout batches (issue 13): the list, a batch made from a task's accepted deliveries (or a 失败重发
 * child batch), 提交 / 撤销, 修改金额, the SMS code and 确认发放 (a compare-and-set that debits
 * exactly once). Members only; another company's batch answers 404 like a missing one.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { precalcRow, precalcTotals, type BatchStatus, type LedgerType } from '../../contract/payouts-rules';
import { acceptedDeliveries, ownTask } from '../domain/employment';
import { MSG_PENDING_RESULT, balanceOf, log, newBatchNo, newChannelNo, ownBatch, post, settingsOf } from '../domain/payouts';
import { BATCH_SELECT, batchOverCap, checkMonthlyCap, detail, item, yuan, type BatchDbRow } from '../domain/payouts-batches';
import { memberCompanyOf, operatorOf } from '../domain/access';
import { retryImported } from '../domain/payouts-retry';
import { Refusal, badRequest, conflict, tooMany } from '../lib/refusal';
import { addRoute } from '../http/route';
import { randomDigits, safeEqual } from '../lib/crypto';
import { addSeconds } from '../lib/time';
import { smsCodeHmac } from '../domain/sms-codes';
import { maskMobile } from '../../contract/person';
import { Code } from '../../contract/envelope';

const CODE_INTERVAL_S = 60;
const CODE_TTL_S = 300;
const CODE_MAX_ATTEMPTS = 5;

export function payoutsBatchRoutes(app: FastifyInstance, opts: { sandbox: boolean }) {
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
      if (body.retry_of) {
        // 失败重发 of an imported list: row by row, to the accounts the list named
        const p = await ownBatch(t, body.retry_of, company.id, true);
        const src = await t.one<{ source: string }>('SELECT source FROM payout_batches WHERE id = $1', [p.id]);
        if (src!.source === 'import') return retryImported(t, company.id, p, { who: operatorOf(auth), ip: req.ip, userId: auth.user.id }, now);
      }
      if (!body.task_id) throw badRequest('请选择任务');
      const task = await ownTask(t, body.task_id, company.id, true);
      const all = await acceptedDeliveries(t, company.id, task.id);
      // a delivery already in a live batch (not failed, bounced or cancelled) is not paid twice
      const taken = new Set(
        (
          await t.query<{ task_worker_id: number }>(
            `SELECT r.task_worker_id FROM payout_rows r JOIN payout_batches b ON b.id = r.batch_id AND b.company_id = r.company_id
              WHERE b.company_id = $1 AND b.task_id = $2 AND b.status <> 'closed' AND r.status IN ('pending', 'paying', 'success')`,
            [company.id, task.id],
          )
        ).map((r) => r.task_worker_id),
      );
      let parent: { id: number; batch_no: string } | null = null;
      let only: Map<number, number> | null = null;
      if (body.retry_of) {
        const p = await ownBatch(t, body.retry_of, company.id, true);
        const pt = await t.one<{ task_id: number | null }>('SELECT task_id FROM payout_batches WHERE id = $1', [p.id]);
        if (pt!.task_id !== task.id) throw new Refusal(Code.NOT_FOUND, '发放批次不存在');
        if (p.status !== 'partial') throw conflict('只有部分失败的批次可以失败重发');
        parent = p;
        // task delivery → the failed row it repays (origin_row_id)
        only = new Map(
          (await t.query<{ id: number; task_worker_id: number }>(`SELECT id, task_worker_id FROM payout_rows WHERE batch_id = $1 AND status IN ('failed', 'bounced')`, [p.id])).map(
            (r) => [r.task_worker_id, r.id],
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
          `INSERT INTO payout_rows (batch_id, company_id, worker_id, task_worker_id, name, amount, tax, fee, net, channel_no, created_at, origin_row_id)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)`,
          [b!.id, company.id, d.worker_id, d.task_worker_id, d.name, r.amount, r.tax, r.fee, r.net, newChannelNo(), now, only?.get(d.task_worker_id) ?? null],
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
      if (!r) throw new Refusal(Code.NOT_FOUND, '发放明细不存在');
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
      if (since < CODE_INTERVAL_S) return new Refusal(Code.TOO_MANY, `验证码发送过于频繁，请${Math.ceil(CODE_INTERVAL_S - since)}秒后再试`);
      const sentToday = await t.one<{ n: number }>('SELECT count(*)::int AS n FROM payout_codes WHERE batch_id = $1', [b.id]);
      if (sentToday!.n >= 10) return tooMany('该批次验证码发送次数已达上限');
      const code = randomDigits(6);
      await t.query('INSERT INTO payout_codes (batch_id, mobile, code_hmac, sent_at, expires_at, company_id) VALUES ($1,$2,$3,$4,$5,$6)', [
        b.id,
        mobile,
        smsCodeHmac(mobile, `pay:${b.batch_no}:${code}`),
        now,
        addSeconds(now, CODE_TTL_S),
        company.id,
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
    if (out instanceof Refusal) throw out;
    setMsg(out.duplicate ? MSG_PENDING_RESULT : '已确认发放，发放结果确认中');
    return out;
  });
}
