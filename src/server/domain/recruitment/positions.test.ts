/**
 * Position rules called directly on a migrated, seeded database (no server): a position is
 * published once per title and city, fee-asking text goes to review, 下线 / 重新上线 follow the
 * status, and another company's position answers like a missing one.
 */
import { describe, expect, it } from 'vitest';
import { Code } from '../../../contract/envelope';
import { PositionBody } from '../../../contract/recruitment';
import { useTestDb } from '../../../../tests/setup/db';
import { demoActors, refusal } from '../../../../tests/setup/domain';
import { hireApplication, markUnsuitable } from './applications';
import { positionDetail, savePosition, setPositionStatus } from './positions';

const db = useTestDb();
const { mine, other } = demoActors(db);
const now = new Date();

const JOB = (title: string, description = '负责门店日常运营与排班，带领团队完成月度销售目标。') =>
  PositionBody.parse({
    title,
    category: '技术研发',
    city: '杭州',
    district: '滨江区',
    salary_min: '8',
    salary_max: '12',
    experience: '1-3',
    education: '3',
    headcount: '1',
    description,
    address: '浙江省杭州市滨江区网商路699号',
    contact_name: '王丽娟',
    contact_tel: '0571-88886666',
  });

describe('recruitment domain rules', () => {
  it('publishes a title once per city; text asking for fees goes to review', async () => {
    const p = await savePosition(db, mine, JOB('门店店长（领域测试）'), now);
    expect(p.status).toBe('open');
    await expect(savePosition(db, mine, JOB('门店店长（领域测试）'), now)).rejects.toEqual(
      refusal(Code.CONFLICT, '「门店店长（领域测试）」已在杭州招聘中，请勿重复发布'),
    );
    const flagged = await savePosition(db, mine, JOB('门店导购（领域测试）', '入职需缴纳服装费，负责门店日常导购与陈列工作。'), now);
    expect(flagged.status).toBe('review');
  });

  it('下线 and 重新上线 follow the status; another company sees nothing', async () => {
    const { id } = await savePosition(db, mine, JOB('仓库主管（领域测试）'), now);
    await expect(setPositionStatus(db, mine.companyId, id, 'reopen', now)).rejects.toEqual(refusal(Code.CONFLICT, '只有已下线的职位可以重新上线'));
    expect(await setPositionStatus(db, mine.companyId, id, 'close', now)).toEqual({ id, status: 'closed' });
    await expect(setPositionStatus(db, mine.companyId, id, 'close', now)).rejects.toEqual(refusal(Code.CONFLICT, '该职位已下线'));
    expect(await setPositionStatus(db, mine.companyId, id, 'reopen', now)).toEqual({ id, status: 'open' });

    const missing = refusal(Code.NOT_FOUND, '职位不存在');
    await expect(positionDetail(db, other.companyId, id)).rejects.toEqual(missing);
    await expect(setPositionStatus(db, other.companyId, id, 'close', now)).rejects.toEqual(missing);
  });

  it('a hired application cannot be marked 不合适 nor hired twice', async () => {
    const { id } = await savePosition(db, mine, JOB('收银员（领域测试）'), now);
    const cand = (await db.one<{ id: number }>('SELECT id FROM candidates ORDER BY id LIMIT 1'))!;
    const app = (await db.one<{ id: number }>(
      `INSERT INTO applications (position_id, company_id, candidate_id, status, source, created_at, updated_at)
       VALUES ($1, $2, $3, 'pending', '主动投递', $4, $4) RETURNING id`,
      [id, mine.companyId, cand.id, now],
    ))!;
    await expect(hireApplication(db, other.companyId, app.id, now)).rejects.toEqual(refusal(Code.NOT_FOUND, '投递记录不存在'));
    expect(await hireApplication(db, mine.companyId, app.id, now)).toEqual({ id: app.id, status: 'hired' });
    await expect(hireApplication(db, mine.companyId, app.id, now)).rejects.toEqual(refusal(Code.CONFLICT, '该候选人已录用'));
    await expect(markUnsuitable(db, mine.companyId, app.id, now)).rejects.toEqual(refusal(Code.CONFLICT, '该候选人已录用，不能标记为不合适'));
  });
});
