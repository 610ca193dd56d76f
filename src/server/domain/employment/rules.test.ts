/**
 * 灵活用工 rules called directly on a migrated, seeded database (PGlite, or PostgreSQL with
 * DATABASE_URL): no server, no HTTP. The domain functions answer, or refuse with a Refusal that
 * carries the contract's code and the console's words; a refusal inside a transaction keeps nothing.
 */
import { describe, expect, it } from 'vitest';
import { Code } from '../../../contract/envelope';
import { TaskBody } from '../../../contract/employment';
import { dateAfter } from '../../lib/time';
import { useTestDb } from '../../../../tests/setup/db';
import { demoActors, refusal } from '../../../../tests/setup/domain';
import type { ObjectStore } from './media';
import { addNamedWorker } from './people';
import { saveTask, taskAction } from './task-edit';
import { listTaskWorkers, workerAction } from './task-workers';
import { MSG_TASK_MISSING, reviewTask } from './tasks';

const db = useTestDb();
const { mine, other } = demoActors(db);
// no attachments in these tasks: nothing is read from the upload engine
const store: ObjectStore = { link: () => null, read: async () => null };
const now = new Date();

const taskCount = async () => (await db.one<{ n: number }>('SELECT count(*)::int AS n FROM flex_tasks WHERE company_id = $1', [mine.companyId]))!.n;

const FULL = () =>
  TaskBody.parse({
    action: 'submit',
    name: '门店盘点',
    category: '*现代服务*市场推广服务',
    description: '协助门店完成季度盘点，按清单核对货品数量。',
    work_mode: 'online',
    start_date: dateAfter(now, 1),
    end_date: dateAfter(now, 10),
    signup_deadline: dateAfter(now, 3),
    headcount: '2',
    pay_amount: '20000',
    need_sign: '1',
  });

const ORIGIN = 'https://hr.example';

describe('employment domain rules', () => {
  it('a submit that fails the checks is refused and saves nothing; the same form saves as a draft', async () => {
    const before = await taskCount();
    const form = TaskBody.parse({ action: 'submit', name: '只有名称的任务' });
    await expect(saveTask(db, store, mine, form, now)).rejects.toEqual(refusal(Code.BAD_REQUEST, '请选择服务类目'));
    expect(await taskCount()).toBe(before);
    const draft = await saveTask(db, store, mine, { ...form, action: 'draft' }, now);
    expect(draft.status).toBe('draft');
    expect(await taskCount()).toBe(before + 1);
  });

  it("another company's task answers exactly like a missing one", async () => {
    const { id } = await saveTask(db, store, mine, { ...FULL(), action: 'draft' }, now);
    const missing = refusal(Code.NOT_FOUND, MSG_TASK_MISSING);
    await expect(taskAction(db, other, id, 'delete', now)).rejects.toEqual(missing);
    await expect(listTaskWorkers(db, other.companyId, id, { tab: 'applied', page: 1, page_size: 10 }, now, store.link)).rejects.toEqual(missing);
    await expect(taskAction(db, mine, 2_000_000_000, 'delete', now)).rejects.toEqual(missing);
    // the owner's call goes through
    expect(await taskAction(db, mine, id, 'delete', now)).toEqual({ id, status: null });
  });

  it('the status machine: a rejection needs a reason, a reviewed task takes people, 催签 once a day', async () => {
    const { id, status } = await saveTask(db, store, mine, FULL(), now);
    expect(status).toBe('review');
    await expect(reviewTask(db, id, 'reject', '  ', now)).rejects.toEqual(refusal(Code.BAD_REQUEST, '驳回时请填写驳回原因'));
    // only a task in review is reviewed
    expect(await reviewTask(db, id, 'pass', '', now)).toEqual({ id, status: 'recruiting' });
    await expect(reviewTask(db, id, 'pass', '', now)).rejects.toEqual(refusal(Code.CONFLICT, '该任务当前不在审核中'));

    const person = {
      name: '王小明',
      mobile: '13912345678',
      cert_type: 'id_card' as const,
      cert_no: '440305199307071278',
      bank_card: '',
      on_conflict: 'ask' as const,
    };
    expect(await addNamedWorker(db, mine, id, person, ORIGIN, now)).toEqual({ added: 1, skipped: 0, notified: 1, need_sign: true });
    expect(await addNamedWorker(db, mine, id, person, ORIGIN, now)).toEqual({ added: 0, skipped: 1, notified: 0, need_sign: true });
    const list = await listTaskWorkers(db, mine.companyId, id, { tab: 'applied', page: 1, page_size: 10 }, now, store.link);
    // the first person taken on starts the task
    expect(list.task.status).toBe('ongoing');
    const w = list.list[0]!;
    expect(w).toMatchObject({ name: '王小明', work_status: 'hired', sign_status: 'pending', mobile: '139****5678' });
    expect(await workerAction(db, mine, w.id, { action: 'urge', reason: '' }, ORIGIN, now)).toMatchObject({ id: w.id, removed: false });
    await expect(workerAction(db, mine, w.id, { action: 'urge', reason: '' }, ORIGIN, now)).rejects.toEqual(refusal(Code.CONFLICT, '今日已催签，请明天再试'));
    // an ongoing task with people cannot be canceled, only ended
    await expect(taskAction(db, mine, id, 'cancel', now)).rejects.toEqual(refusal(Code.CONFLICT, '当前状态的任务不能取消'));
  });
});
