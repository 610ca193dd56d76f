/**
 * 灵活用工 tasks (issue 12): list, publish (draft / submit for the platform's review), status
 * actions, settings, agreement versions through the upload engine, the people of a task.
 * Members only; every object is the caller's company's (another company's answers 404).
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { AGREEMENT_MAX_BYTES } from '../../contract/employment';
import { MSG_MEDIA_UNFINISHED } from '../../contract/upload';
import {
  PAY_MAX_FEN,
  takesWorkers,
  taskAllows,
  taskDatesProblem,
  workerActionProblem,
  workerActions,
  type TaskAction,
  type TaskStatus,
} from '../../contract/employment-rules';
import type { Db } from '../db/types';
import { objectLink, readObject } from '../domain/media/object';
import {
  acceptedBy,
  addToTask,
  checkWorker,
  currentAgreement,
  expireSignings,
  newTaskNo,
  newToken,
  ownTask,
  transitionTask,
  upsertFlexWorker,
  type TaskRow,
} from '../domain/employment';
import { memberCompanyOf } from '../domain/access';
import { badRequest, conflict, notFound } from '../lib/refusal';
import { addRoute } from '../http/route';
import { addSeconds, fmtDate, fmtDateTime } from '../lib/time';

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const dt = (d: Date | null) => (d ? fmtDateTime(d) : '');
const URL_TTL_S = 1800;

export const workerPageUrl = (token: string) => `/sandbox/flex/w/${token}`;
export const publicTaskUrl = (token: string) => `/sandbox/flex/t/${token}`;

function need(task: TaskRow, action: TaskAction, words: string) {
  if (!taskAllows(task.status, action)) throw conflict(`当前状态的任务不能${words}`);
}

/** The company's finished media object (upload engine) of the given kind with its size, or a refusal. */
async function ownMedia(app: FastifyInstance, db: Db, mediaId: string, companyId: number, kind: 'attached' | 'image' | 'video', missing: string) {
  const m = await db.one<{ media_id: string; title: string; file_name: string; status: string; bucket: string; object_key: string; kind: string }>(
    'SELECT media_id, title, file_name, status, bucket, object_key, kind FROM media WHERE media_id = $1 AND company_id = $2',
    [mediaId, companyId],
  );
  if (!m || m.kind !== kind) throw badRequest(missing);
  // the demo's store on this machine, or the real bucket (domain/media/object.ts)
  const o = m.status === 'Normal' ? await readObject(app, db, m.bucket, m.object_key, 0) : null;
  if (!o) throw badRequest(MSG_MEDIA_UNFINISHED);
  return { ...m, size: o.size };
}

/** A PDF by its content (`%PDF-`), not by its name. */
const isPdf = (head: Buffer) => head.subarray(0, 5).toString('latin1') === '%PDF-';

/** Everything a task must have before it goes to review (a draft needs only its name). */
function checkSubmittable(t: TaskRow, today: string) {
  if (!t.category) throw badRequest('请选择服务类目');
  if (t.description.length < 10) throw badRequest('任务描述至少10个字');
  if (t.work_mode === 'offline' && !t.address) throw badRequest('线下任务请填写工作地址');
  const d = taskDatesProblem({ start_date: t.start_date ?? '', end_date: t.end_date ?? '', signup_deadline: t.signup_deadline ?? '' }, today);
  if (d) throw badRequest(d.msg);
  if (t.headcount < 1) throw badRequest('需求人数至少为1人');
  if (t.pay_amount < 1 || t.pay_amount > PAY_MAX_FEN) throw badRequest('请填写报酬金额');
}

async function taskCounts(db: Db, taskId: number) {
  return (await db.one<{ applied: number; signed: number }>(
    `SELECT count(*)::int AS applied, count(*) FILTER (WHERE sign_status = 'signed')::int AS signed FROM flex_task_workers WHERE task_id = $1`,
    [taskId],
  ))!;
}

async function detail(app: FastifyInstance, db: Db, t: TaskRow, companyName: string, now: Date) {
  const c = await taskCounts(db, t.id);
  const ids = t.attachments.map((a) => a.media_id);
  const media = ids.length
    ? await db.query<{ media_id: string; bucket: string; object_key: string }>('SELECT media_id, bucket, object_key FROM media WHERE media_id = ANY($1) AND company_id = $2', [
        ids,
        t.company_id,
      ])
    : [];
  return {
    id: t.id,
    task_no: t.task_no,
    name: t.name,
    category: t.category,
    description: t.description,
    standard: t.standard,
    work_mode: t.work_mode,
    address: t.address,
    start_date: t.start_date ?? '',
    end_date: t.end_date ?? '',
    signup_deadline: t.signup_deadline ?? '',
    headcount: t.headcount,
    pay_amount: t.pay_amount,
    pay_unit: t.pay_unit,
    settle_mode: t.settle_mode,
    need_sign: t.need_sign,
    attachments: t.attachments.map((a) => {
      const m = media.find((x) => x.media_id === a.media_id);
      return { ...a, url: m ? objectLink(app, m.bucket, m.object_key, addSeconds(now, URL_TTL_S)) : null };
    }),
    status: t.status,
    reject_reason: t.reject_reason,
    settings: {
      signup_mode: t.signup_mode,
      signup_review: t.signup_review,
      need_realname: t.need_realname,
      settle_cycle: t.settle_cycle,
      auto_accept_days: t.auto_accept_days,
      notify_sms: t.notify_sms,
      notify_site: t.notify_site,
    },
    public_url: t.signup_mode === 'public' && takesWorkers(t.status) ? publicTaskUrl(t.public_token) : '',
    company_name: companyName,
    applied_num: c.applied,
    signed_num: c.signed,
    created_at: fmtDateTime(t.created_at),
    updated_at: fmtDateTime(t.updated_at),
  };
}

export function employmentRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.empTasks, async ({ auth, db, now, query }) => {
    const company = memberCompanyOf(auth, now);
    const args: unknown[] = [company.id];
    let kw = '';
    if (query.keywords) {
      args.push(like(query.keywords));
      kw = ` AND (t.name ILIKE $2 OR t.task_no ILIKE $2 OR t.category ILIKE $2)`;
    }
    // the same rules as the home to-do counters (domain/todos.ts)
    if (query.todo === 'unsigned')
      kw += ` AND t.need_sign AND t.status IN ('recruiting', 'ongoing') AND EXISTS (SELECT 1 FROM flex_task_workers w WHERE w.task_id = t.id AND w.company_id = t.company_id
                AND w.sign_status = 'pending' AND w.work_status <> 'rejected')`;
    if (query.todo === 'batches') kw += ` AND EXISTS (SELECT 1 FROM payout_batches b WHERE b.task_id = t.id AND b.company_id = t.company_id AND b.status = 'unpaid')`;
    const counts: Record<string, number> = { all: 0, draft: 0, review: 0, rejected: 0, recruiting: 0, ongoing: 0, ended: 0, canceled: 0 };
    for (const r of await db.query<{ status: string; n: number }>(`SELECT t.status, count(*)::int AS n FROM flex_tasks t WHERE t.company_id = $1${kw} GROUP BY t.status`, args)) {
      counts[r.status] = r.n;
      counts.all! += r.n;
    }
    const st = query.status === 'all' ? '' : ` AND t.status = $${args.push(query.status)}`;
    const rows = await db.query<{
      id: number;
      task_no: string;
      name: string;
      category: string;
      pay_amount: number;
      pay_unit: string;
      headcount: number;
      start_date: string | null;
      end_date: string | null;
      settle_mode: string;
      status: TaskStatus;
      reject_reason: string;
      created_at: Date;
      applied_num: number;
      signed_num: number;
    }>(
      `SELECT t.id, t.task_no, t.name, t.category, t.pay_amount, t.pay_unit, t.headcount,
              to_char(t.start_date, 'YYYY-MM-DD') AS start_date, to_char(t.end_date, 'YYYY-MM-DD') AS end_date,
              t.settle_mode, t.status, t.reject_reason, t.created_at,
              (SELECT count(*)::int FROM flex_task_workers w WHERE w.task_id = t.id AND w.company_id = t.company_id) AS applied_num,
              (SELECT count(*)::int FROM flex_task_workers w WHERE w.task_id = t.id AND w.company_id = t.company_id AND w.sign_status = 'signed') AS signed_num
         FROM flex_tasks t WHERE t.company_id = $1${kw}${st}
        ORDER BY t.created_at DESC, t.id DESC
        LIMIT $${args.push(query.page_size)} OFFSET $${args.push((query.page - 1) * query.page_size)}`,
      args,
    );
    return {
      counts,
      total: counts[query.status] ?? 0,
      page: query.page,
      page_size: query.page_size,
      list: rows.map((r) => ({ ...r, start_date: r.start_date ?? '', end_date: r.end_date ?? '', created_at: fmtDateTime(r.created_at) })),
    };
  });

  addRoute(app, endpoints.empTask, async ({ auth, db, now, params }) => {
    const company = memberCompanyOf(auth, now);
    return detail(app, db, await ownTask(db, params.id, company.id), company.name, now);
  });

  addRoute(app, endpoints.empTaskSave, async ({ auth, body, db, now, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    const attachments: { media_id: string; name: string; size: number }[] = [];
    for (const id of body.attachments) {
      const m = await ownMedia(app, db, id, company.id, 'attached', '附件无效，请重新上传').catch(async () => ownMedia(app, db, id, company.id, 'image', '附件无效，请重新上传'));
      attachments.push({ media_id: m.media_id, name: m.file_name, size: m.size });
    }
    const f = {
      name: body.name,
      category: body.category,
      description: body.description,
      standard: body.standard,
      work_mode: body.work_mode,
      address: body.work_mode === 'offline' ? body.address : '',
      start_date: body.start_date || null,
      end_date: body.end_date || null,
      signup_deadline: body.signup_deadline || null,
      headcount: body.headcount,
      pay_amount: body.pay_amount,
      pay_unit: body.pay_unit,
      settle_mode: body.settle_mode,
      need_sign: body.need_sign,
    };
    if (f.start_date && f.end_date && f.end_date < f.start_date) throw badRequest('结束日期不能早于开始日期');
    const saved = await db.tx(async (t) => {
      let id: number;
      if (body.id) {
        const task = await ownTask(t, body.id, company.id, true);
        need(task, 'edit', '编辑');
        await t.query(
          `UPDATE flex_tasks SET name=$2, category=$3, description=$4, standard=$5, work_mode=$6, address=$7, start_date=$8, end_date=$9,
                  signup_deadline=$10, headcount=$11, pay_amount=$12, pay_unit=$13, settle_mode=$14, need_sign=$15, attachments=$16, updated_at=$17
            WHERE id = $1`,
          [task.id, f.name, f.category, f.description, f.standard, f.work_mode, f.address, f.start_date, f.end_date, f.signup_deadline, f.headcount,
            f.pay_amount, f.pay_unit, f.settle_mode, f.need_sign, JSON.stringify(attachments), now],
        );
        id = task.id;
      } else {
        const row = await t.one<{ id: number }>(
          `INSERT INTO flex_tasks (company_id, task_no, name, category, description, standard, work_mode, address, start_date, end_date,
             signup_deadline, headcount, pay_amount, pay_unit, settle_mode, need_sign, attachments, public_token, created_by, created_at, updated_at)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$20) RETURNING id`,
          [company.id, newTaskNo(now), f.name, f.category, f.description, f.standard, f.work_mode, f.address, f.start_date, f.end_date,
            f.signup_deadline, f.headcount, f.pay_amount, f.pay_unit, f.settle_mode, f.need_sign, JSON.stringify(attachments), newToken(), auth.user.id, now],
        );
        id = row!.id;
      }
      const task = await ownTask(t, id, company.id, true);
      if (body.action === 'submit') {
        checkSubmittable(task, fmtDate(now));
        return { id, status: await transitionTask(t, task, 'submit', now) };
      }
      return { id, status: task.status };
    });
    setMsg(body.action === 'submit' ? '已提交审核，平台审核通过后开始招募' : '草稿已保存');
    return saved;
  });

  addRoute(app, endpoints.empTaskAction, async ({ auth, body, db, now, params, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    return db.tx(async (t) => {
      const task = await ownTask(t, params.id, company.id, true);
      switch (body.action) {
        case 'submit':
          need(task, 'submit', '提交审核');
          checkSubmittable(task, fmtDate(now));
          setMsg('已提交审核');
          return { id: task.id, status: await transitionTask(t, task, 'submit', now) };
        case 'end':
          need(task, 'end', '结束');
          setMsg('任务已结束');
          return { id: task.id, status: await transitionTask(t, task, 'end', now) };
        case 'cancel':
          need(task, 'cancel', '取消');
          if (await t.one(`SELECT 1 FROM flex_task_workers WHERE task_id = $1 AND sign_status = 'signed' LIMIT 1`, [task.id]))
            throw conflict('已有人员签约的任务不能取消，请结束任务');
          setMsg('任务已取消');
          return { id: task.id, status: await transitionTask(t, task, 'cancel', now) };
        case 'delete':
          need(task, 'delete', '删除');
          await t.query('DELETE FROM flex_tasks WHERE id = $1', [task.id]);
          setMsg('任务已删除');
          return { id: task.id, status: null };
        case 'copy': {
          const row = await t.one<{ id: number }>(
            `INSERT INTO flex_tasks (company_id, task_no, name, category, description, standard, work_mode, address, start_date, end_date,
               signup_deadline, headcount, pay_amount, pay_unit, settle_mode, need_sign, attachments, signup_mode, signup_review, need_realname,
               settle_cycle, auto_accept_days, notify_sms, notify_site, public_token, created_by, created_at, updated_at)
             SELECT company_id, $2, left(name || '（副本）', 40), category, description, standard, work_mode, address, NULL, NULL,
               NULL, headcount, pay_amount, pay_unit, settle_mode, need_sign, attachments, signup_mode, signup_review, need_realname,
               settle_cycle, auto_accept_days, notify_sms, notify_site, $3, $4, $5, $5
               FROM flex_tasks WHERE id = $1 RETURNING id`,
            [task.id, newTaskNo(now), newToken(), auth.user.id, now],
          );
          setMsg('已复制为新草稿，请补充任务时间后提交');
          return { id: row!.id, status: 'draft' as const };
        }
      }
    });
  });

  addRoute(app, endpoints.empTaskSetting, async ({ auth, body, db, now, params, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    await db.tx(async (t) => {
      const task = await ownTask(t, params.id, company.id, true);
      need(task, 'setting', '修改设置');
      await t.query(
        `UPDATE flex_tasks SET signup_mode=$2, signup_review=$3, need_realname=$4, settle_cycle=$5, auto_accept_days=$6, notify_sms=$7, notify_site=$8, updated_at=$9 WHERE id = $1`,
        [task.id, body.signup_mode, body.signup_review, body.need_realname, body.settle_cycle, body.auto_accept_days, body.notify_sms, body.notify_site, now],
      );
    });
    setMsg('保存成功');
    return null;
  });

  // --- agreements -------------------------------------------------------------------------
  const agreementList = async (db: Db, task: TaskRow, now: Date) => {
    const cur = await currentAgreement(db, task.id, now);
    const rows = await db.query<{ id: number; version: number; name: string; file_name: string; size: number; effective_date: string; created_at: Date; created_by: string | null; signed_num: number }>(
      `SELECT a.id, a.version, a.name, a.file_name, a.size, to_char(a.effective_date, 'YYYY-MM-DD') AS effective_date, a.created_at, u.realname AS created_by,
              (SELECT count(*)::int FROM flex_task_workers w WHERE w.agreement_id = a.id AND w.company_id = a.company_id AND w.sign_status = 'signed') AS signed_num
         FROM flex_agreements a LEFT JOIN users u ON u.id = a.created_by WHERE a.task_id = $1 ORDER BY a.version DESC`,
      [task.id],
    );
    return rows.map((r) => ({ ...r, created_by: r.created_by ?? '', created_at: fmtDateTime(r.created_at), current: r.id === cur?.id }));
  };

  addRoute(app, endpoints.empAgreements, async ({ auth, db, now, params }) => {
    const company = memberCompanyOf(auth, now);
    const task = await ownTask(db, params.id, company.id);
    return { task: { id: task.id, name: task.name, status: task.status }, list: await agreementList(db, task, now) };
  });

  addRoute(app, endpoints.empAgreementSave, async ({ auth, body, db, now, params, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    const m = await ownMedia(app, db, body.media_id, company.id, 'attached', '协议文件无效，请重新上传');
    if (m.size > AGREEMENT_MAX_BYTES) throw badRequest('协议文件不能超过10MB');
    // the size is refused before any byte is read
    const head = (await readObject(app, db, m.bucket, m.object_key, 5))?.head;
    if (!/\.pdf$/i.test(m.file_name) || !head || !isPdf(head)) throw badRequest('协议文件仅支持 PDF 格式');
    if (body.effective_date < fmtDate(now)) throw badRequest('生效日期不能早于今天');
    const id = await db.tx(async (t) => {
      const task = await ownTask(t, params.id, company.id, true);
      need(task, 'protocol', '上传协议');
      const v = await t.one<{ n: number }>('SELECT coalesce(max(version), 0)::int + 1 AS n FROM flex_agreements WHERE task_id = $1', [task.id]);
      const row = await t.one<{ id: number }>(
        `INSERT INTO flex_agreements (task_id, company_id, version, name, effective_date, media_id, file_name, size, bucket, object_key, created_by, created_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12) RETURNING id`,
        [task.id, company.id, v!.n, body.name, body.effective_date, m.media_id, m.file_name, m.size, m.bucket, m.object_key, auth.user.id, now],
      );
      return row!.id;
    });
    const task = await ownTask(db, params.id, company.id);
    setMsg('协议已上传');
    return (await agreementList(db, task, now)).find((a) => a.id === id)!;
  });

  addRoute(app, endpoints.empAgreementUrl, async ({ auth, db, now, params }) => {
    const company = memberCompanyOf(auth, now);
    const a = await db.one<{ bucket: string; object_key: string; file_name: string }>(
      'SELECT bucket, object_key, file_name FROM flex_agreements WHERE id = $1 AND company_id = $2',
      [params.id, company.id],
    );
    if (!a) throw notFound('协议不存在');
    const url = objectLink(app, a.bucket, a.object_key, addSeconds(now, URL_TTL_S));
    if (!url) throw conflict('暂未开通上传服务');
    return { url, file_name: a.file_name };
  });

  // --- people -----------------------------------------------------------------------------
  const TAB_SQL = {
    applied: 'TRUE',
    signed: `tw.sign_status = 'signed'`,
    delivery: `tw.work_status IN ('delivered', 'accepted', 'rejected')`,
    settled: `tw.work_status = 'accepted'`,
  } as const;

  addRoute(app, endpoints.empWorkers, async ({ auth, db, now, params, query }) => {
    const company = memberCompanyOf(auth, now);
    const task = await ownTask(db, params.id, company.id);
    await expireSignings(db, task.id, now);
    const c = (await db.one<{ applied: number; signed: number; delivery: number; settled: number }>(
      `SELECT count(*)::int AS applied, count(*) FILTER (WHERE ${TAB_SQL.signed})::int AS signed,
              count(*) FILTER (WHERE ${TAB_SQL.delivery})::int AS delivery, count(*) FILTER (WHERE ${TAB_SQL.settled})::int AS settled
         FROM flex_task_workers tw WHERE tw.task_id = $1`,
      [task.id],
    ))!;
    const rows = await db.query<{
      id: number;
      worker_id: number;
      name: string;
      mobile_mask: string;
      cert_no_mask: string;
      bank_card_mask: string;
      source: string;
      sign_status: 'pending' | 'signed' | 'refused' | 'expired';
      work_status: 'applied' | 'hired' | 'working' | 'delivered' | 'accepted' | 'rejected';
      amount: number;
      version: number | null;
      delivery_note: string;
      reject_reason: string;
      signed_at: Date | null;
      delivered_at: Date | null;
      accepted_at: Date | null;
      accepted_auto: boolean;
      acceptor_name: string | null;
      acceptor_mobile: string | null;
      invite_token: string;
    }>(
      `SELECT tw.id, tw.worker_id, w.name, w.mobile_mask, w.cert_no_mask, w.bank_card_mask, tw.source, tw.sign_status, tw.work_status, tw.amount,
              a.version, tw.delivery_note, tw.reject_reason, tw.signed_at, tw.delivered_at, tw.accepted_at, tw.accepted_auto,
              u.realname AS acceptor_name, u.mobile AS acceptor_mobile, tw.invite_token
         FROM flex_task_workers tw JOIN flex_workers w ON w.id = tw.worker_id AND w.company_id = tw.company_id
              LEFT JOIN flex_agreements a ON a.id = tw.agreement_id AND a.company_id = tw.company_id
              LEFT JOIN users u ON u.id = tw.accepted_by
        WHERE tw.task_id = $1 AND ${TAB_SQL[query.tab]}
        ORDER BY tw.id DESC LIMIT $2 OFFSET $3`,
      [task.id, query.page_size, (query.page - 1) * query.page_size],
    );
    return {
      task: { id: task.id, name: task.name, status: task.status, need_sign: task.need_sign, pay_amount: task.pay_amount, pay_unit: task.pay_unit, signup_mode: task.signup_mode },
      counts: c,
      total: c[query.tab],
      page: query.page,
      page_size: query.page_size,
      list: rows.map((r) => ({
        id: r.id,
        worker_id: r.worker_id,
        name: r.name,
        mobile: r.mobile_mask,
        cert_no: r.cert_no_mask,
        bank_card: r.bank_card_mask,
        source: r.source,
        sign_status: r.sign_status,
        work_status: r.work_status,
        amount: r.amount,
        agreement_version: r.version,
        delivery_note: r.delivery_note,
        reject_reason: r.reject_reason,
        signed_at: dt(r.signed_at),
        delivered_at: dt(r.delivered_at),
        accepted_at: dt(r.accepted_at),
        accepted_by: acceptedBy(r),
        invite_url: workerPageUrl(r.invite_token),
        // an ended task still takes 验收 / 驳回 of what was delivered; nothing else
        actions: workerActions({ work: r.work_status, sign: r.sign_status, needSign: task.need_sign }).filter(
          (a) => takesWorkers(task.status) || (task.status === 'ended' && (a === 'accept' || a === 'reject')),
        ),
      })),
    };
  });

  const openTask = async (db: Db, id: number, companyId: number) => {
    const task = await ownTask(db, id, companyId, true);
    if (!takesWorkers(task.status)) throw conflict('任务审核通过（招募中或进行中）后才能添加人员');
    return task;
  };

  addRoute(app, endpoints.empWorkerAdd, async ({ auth, body, db, now, params, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    const w = checkWorker(body, now);
    const r = await db.tx(async (t) => {
      const task = await openTask(t, params.id, company.id);
      const workerId = await upsertFlexWorker(t, company.id, w, auth.user.id, now);
      return addToTask(t, task, workerId, 'named', now);
    });
    setMsg(r.added ? '人员已添加，已发送签约短信' : '该人员已在任务中');
    return { added: r.added ? 1 : 0, skipped: r.added ? 0 : 1 };
  });

  addRoute(app, endpoints.empWorkerPick, async ({ auth, body, db, now, params, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    const r = await db.tx(async (t) => {
      const task = await openTask(t, params.id, company.id);
      const found = await t.query<{ id: number }>('SELECT id FROM flex_workers WHERE company_id = $1 AND id = ANY($2::int[])', [company.id, body.ids]);
      if (found.length !== body.ids.length) throw notFound('人员不存在');
      let added = 0;
      for (const { id } of found) if ((await addToTask(t, task, id, 'picked', now)).added) added += 1;
      return { added, skipped: found.length - added };
    });
    setMsg(r.skipped ? `已添加 ${r.added} 人，${r.skipped} 人已在任务中` : `已添加 ${r.added} 人`);
    return r;
  });

  addRoute(app, endpoints.empFlexWorkers, async ({ auth, db, now, query }) => {
    const company = memberCompanyOf(auth, now);
    const kwArg = query.keywords ? like(query.keywords) : null;
    const total = (await db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM flex_workers w WHERE w.company_id = $1 AND ($2::text IS NULL OR w.name ILIKE $2)`,
      [company.id, kwArg],
    ))!.n;
    const rows = await db.query<{ id: number; name: string; mobile_mask: string; cert_type: string; cert_no_mask: string; bank_card_mask: string; realname_verified: boolean; in_task: boolean }>(
      `SELECT w.id, w.name, w.mobile_mask, w.cert_type, w.cert_no_mask, w.bank_card_mask, w.realname_verified,
              EXISTS (SELECT 1 FROM flex_task_workers tw WHERE tw.worker_id = w.id AND tw.company_id = w.company_id AND tw.task_id = $2) AS in_task
         FROM flex_workers w WHERE w.company_id = $1 AND ($3::text IS NULL OR w.name ILIKE $3)
        ORDER BY w.id DESC LIMIT $4 OFFSET $5`,
      [company.id, query.task_id, kwArg, query.page_size, (query.page - 1) * query.page_size],
    );
    return {
      total,
      page: query.page,
      page_size: query.page_size,
      list: rows.map((r) => ({
        id: r.id,
        name: r.name,
        mobile: r.mobile_mask,
        cert_type: r.cert_type,
        cert_no: r.cert_no_mask,
        bank_card: r.bank_card_mask,
        realname_verified: r.realname_verified,
        in_task: r.in_task,
      })),
    };
  });

  addRoute(app, endpoints.empWorkerAction, async ({ auth, body, db, now, params, setMsg }) => {
    const company = memberCompanyOf(auth, now);
    return db.tx(async (t) => {
      const w = await t.one<{ id: number; task_id: number; work_status: 'applied' | 'hired' | 'working' | 'delivered' | 'accepted' | 'rejected'; sign_status: 'pending' | 'signed' | 'refused' | 'expired'; urged_at: Date | null }>(
        'SELECT id, task_id, work_status, sign_status, urged_at FROM flex_task_workers WHERE id = $1 AND company_id = $2 FOR UPDATE',
        [params.id, company.id],
      );
      if (!w) throw notFound('人员不存在');
      const task = await ownTask(t, w.task_id, company.id, true);
      if (!takesWorkers(task.status) && !(task.status === 'ended' && (body.action === 'accept' || body.action === 'reject')))
        throw conflict('当前状态的任务不能操作人员');
      const problem = workerActionProblem({ work: w.work_status, sign: w.sign_status, needSign: task.need_sign }, body.action);
      if (problem) throw conflict(problem);
      const set = async (sql: string, args: unknown[] = []) => {
        const r = await t.one<{ work_status: string; sign_status: string }>(
          `UPDATE flex_task_workers SET ${sql} WHERE id = $1 RETURNING work_status, sign_status`,
          [w.id, ...args],
        );
        return { id: w.id, work_status: r!.work_status, sign_status: r!.sign_status, removed: false };
      };
      switch (body.action) {
        case 'hire': {
          setMsg('已录用');
          const r = await set(`work_status = $2`, [task.need_sign ? 'hired' : 'working']);
          await t.query(`UPDATE flex_tasks SET status = 'ongoing', updated_at = $2 WHERE id = $1 AND status = 'recruiting'`, [task.id, now]);
          return r;
        }
        case 'accept':
          setMsg('验收通过');
          return set(`work_status = 'accepted', accepted_at = $2, accepted_by = $3, accepted_auto = false, reject_reason = ''`, [now, auth.user.id]);
        case 'reject':
          if (!body.reason) throw badRequest('请填写驳回原因');
          setMsg('已驳回，人员可重新交付');
          return set(`work_status = 'rejected', reject_reason = $2`, [body.reason]);
        case 'remove':
          await t.query('DELETE FROM flex_task_workers WHERE id = $1', [w.id]);
          setMsg('已移除');
          return { id: w.id, work_status: w.work_status, sign_status: w.sign_status, removed: true };
        case 'urge':
          if (w.urged_at && fmtDate(w.urged_at) === fmtDate(now)) throw conflict('今日已催签，请明天再试');
          setMsg('已发送催签短信');
          return set(`urged_at = $2`, [now]);
      }
    });
  });
}

