/**
 * 灵活用工 demo data for 杭州云帆智联 (13800000001): tasks in every status, a few flexible workers
 * (sealed with the PII helper) and people on the running tasks in several signing/work states.
 * Agreement PDFs are not seeded (they live in the object store): upload one on 上传协议.
 */
import type { SeedStep } from '../seed';
import type { Db } from '../types';
import { mobileIndex } from '../../domain/users';
import { addDays, dateAfter } from '../../lib/time';
import { addToTask, newToken, taskById, upsertFlexWorker } from '../../domain/employment';

const CODE_1_NAME = '杭州云帆智联科技有限公司';

interface T {
  no: string;
  name: string;
  category: string;
  status: string;
  pay: number;
  unit: string;
  settle: string;
  headcount: number;
  start: number;
  end: number;
  mode: 'public' | 'named';
  reason?: string;
  ago: number;
}
const TASKS: T[] = [
  {
    no: 'RW20260001',
    name: '新品上市地推活动执行',
    category: '*现代服务*市场推广服务',
    status: 'ongoing',
    pay: 30000,
    unit: 'day',
    settle: 'per_day',
    headcount: 10,
    start: -3,
    end: 20,
    mode: 'named',
    ago: 6,
  },
  {
    no: 'RW20260002',
    name: '门店促销海报设计',
    category: '*现代服务*设计服务',
    status: 'recruiting',
    pay: 150000,
    unit: 'project',
    settle: 'on_finish',
    headcount: 2,
    start: 2,
    end: 30,
    mode: 'public',
    ago: 3,
  },
  {
    no: 'RW20260003',
    name: '用户满意度电话回访',
    category: '*现代服务*咨询服务',
    status: 'review',
    pay: 800,
    unit: 'piece',
    settle: 'per_time',
    headcount: 5,
    start: 3,
    end: 25,
    mode: 'named',
    ago: 1,
  },
  {
    no: 'RW20260004',
    name: '社群内容运营（兼职）',
    category: '*现代服务*市场推广服务',
    status: 'draft',
    pay: 5000,
    unit: 'hour',
    settle: 'per_month',
    headcount: 3,
    start: 5,
    end: 60,
    mode: 'named',
    ago: 0.5,
  },
  {
    no: 'RW20260005',
    name: '展会现场引导服务',
    category: '*现代服务*会议展览服务',
    status: 'rejected',
    pay: 40000,
    unit: 'day',
    settle: 'per_day',
    headcount: 8,
    start: 7,
    end: 9,
    mode: 'named',
    reason: '任务描述过于简单，请补充具体工作内容与交付标准',
    ago: 2,
  },
  {
    no: 'RW20260006',
    name: '年会活动摄影',
    category: '*现代服务*设计服务',
    status: 'ended',
    pay: 200000,
    unit: 'project',
    settle: 'on_finish',
    headcount: 1,
    start: -40,
    end: -30,
    mode: 'named',
    ago: 45,
  },
  {
    no: 'RW20260007',
    name: '仓库盘点临时协助',
    category: '*现代服务*物流辅助服务',
    status: 'canceled',
    pay: 25000,
    unit: 'day',
    settle: 'per_day',
    headcount: 6,
    start: -10,
    end: -5,
    mode: 'named',
    ago: 15,
  },
];

const WORKERS = [
  { name: '张伟', mobile: '13912340001', cert_no: '33010619900101123X', bank_card: '6222021202000000019' },
  { name: '李娜', mobile: '13912340002', cert_no: '330106199202021223', bank_card: '' },
  { name: '王强', mobile: '13912340003', cert_no: '110105198805051235', bank_card: '6217001234567890122' },
];

async function companyId(db: Db): Promise<number | null> {
  return (await db.one<{ id: number }>('SELECT id FROM companies WHERE name = $1', [CODE_1_NAME]))?.id ?? null;
}

const tasks: SeedStep = {
  name: 'employment_001_tasks',
  async run(db, now) {
    const cid = await companyId(db);
    if (!cid) return;
    const admin = await db.one<{ id: number }>(`SELECT id FROM users WHERE mobile_bidx = $1`, [mobileIndex('13800000001')]);
    for (const t of TASKS) {
      const created = addDays(now, -t.ago);
      await db.query(
        `INSERT INTO flex_tasks (company_id, task_no, name, category, description, standard, work_mode, address, start_date, end_date, signup_deadline,
           headcount, pay_amount, pay_unit, settle_mode, need_sign, status, reject_reason, signup_mode, public_token, created_by, created_at, updated_at,
           submitted_at, reviewed_at, ended_at)
         VALUES ($1,$2,$3,$4,$5,$6,'offline','浙江省杭州市西湖区文三路478号',$7,$8,$8,$9,$10,$11,$12,true,$13,$14,$15,$16,$17,$18,$18,$19,$20,
                 CASE WHEN $13::text IN ('ended', 'canceled') THEN $18::timestamptz END)`,
        [
          cid,
          t.no,
          t.name,
          t.category,
          `${t.name}：按企业安排完成相应工作，服从现场管理，按时提交工作记录。`,
          '按日提交工作照片与工作记录，企业核对无误后验收。',
          dateAfter(now, t.start),
          dateAfter(now, t.end),
          t.headcount,
          t.pay,
          t.unit,
          t.settle,
          t.status,
          t.reason ?? '',
          t.mode,
          newToken(),
          admin?.id ?? null,
          created,
          t.status === 'draft' ? null : created,
          ['draft', 'review'].includes(t.status) ? null : addDays(created, 0.2),
        ],
      );
    }
    const workerIds: number[] = [];
    for (const w of WORKERS) workerIds.push(await upsertFlexWorker(db, cid, { ...w, cert_type: 'id_card' }, admin?.id ?? null, now));
    // the running task: one signed and delivered, one signed at work, one waiting to sign
    const running = await db.one<{ id: number }>('SELECT id FROM flex_tasks WHERE task_no = $1', ['RW20260001']);
    const task = (await taskById(db, running!.id))!;
    for (const id of workerIds) await addToTask(db, task, id, 'picked', now);
    const [a, b] = workerIds;
    await db.query(`UPDATE flex_workers SET realname_verified = true WHERE id = ANY($1::int[])`, [[a, b]]);
    await db.query(
      `UPDATE flex_task_workers SET sign_status = 'signed', signed_at = $3, work_status = 'delivered', delivered_at = $3, delivery_note = '已完成3天地推，工作照片已上传'
        WHERE task_id = $1 AND worker_id = $2`,
      [task.id, a, addDays(now, -1)],
    );
    await db.query(`UPDATE flex_task_workers SET sign_status = 'signed', signed_at = $3, work_status = 'working' WHERE task_id = $1 AND worker_id = $2`, [
      task.id,
      b,
      addDays(now, -2),
    ]);
  },
};

export const employmentSeedSteps: SeedStep[] = [tasks];
