/**
 * 导出 of a position's applications as .xlsx (issue 32 item 2). Masked by default. Whole mobiles
 * only for a caller whose roles grant pii.full, with a stated reason, and only of candidates whose
 * contact the company has already opened (查看联系方式 costs check_info once: an export must not be a
 * way around it); every person whose whole number is in the file gets a pii_views row
 * (docs/pii.md), written before the file leaves.
 */
import { grants } from '../../../contract/roles';
import type { Db } from '../../db/types';
import { auditPiiViews } from '../../lib/pii';
import { decryptPii } from '../../lib/pii';
import { forbidden } from '../../lib/refusal';
import { fmtDate, fmtDateTime } from '../../lib/time';
import { headedSheet, newWorkbook, xlsxExport } from '../../lib/xlsx';
import { ownPosition } from './positions';
import { person, PERSON_SQL, type PersonRow } from './texts';

const STATUS = { pending: '待处理', viewed: '已查看', invited: '已邀约', unsuitable: '不合适', hired: '已录用' } as const;
export const MSG_EXPORT_REVEAL = '导出完整手机号需要“查看完整个人信息”权限，请联系企业管理员';

export interface ExportCaller {
  companyId: number;
  userId: number;
  roles: readonly string[];
  ip: string;
}

export async function exportApplications(
  db: Db,
  v: ExportCaller,
  positionId: number,
  q: { status: string; ids?: number[]; reveal?: '1'; reason?: string },
  now: Date,
): Promise<{ filename: string; content_base64: string }> {
  const reveal = q.reveal === '1';
  if (reveal && !grants(v.roles, 'pii.full')) throw forbidden(MSG_EXPORT_REVEAL);
  const p = await ownPosition(db, positionId, v.companyId);
  const args: unknown[] = [p.id, v.companyId];
  const where = [`a.position_id = $1`, `a.company_id = $2`];
  if (q.status !== 'all') where.push(`a.status = $${args.push(q.status)}`);
  if (q.ids) where.push(`a.id = ANY($${args.push(q.ids)}::int[])`);
  const rows = await db.query<
    PersonRow & {
      id: number;
      status: keyof typeof STATUS;
      source: string;
      created_at: Date;
      reject_reason: string;
      mobile_mask: string;
      mobile_enc: string | null;
      unlocked: boolean;
      tags: string[] | null;
    }
  >(
    `SELECT a.id, a.status, a.source, a.created_at, a.reject_reason, c.mobile_mask, ${reveal ? 'c.mobile_enc' : 'NULL AS mobile_enc'},
            EXISTS (SELECT 1 FROM contact_unlocks u WHERE u.company_id = a.company_id AND u.candidate_id = c.id) AS unlocked,
            (SELECT array_agg(t.tag ORDER BY t.tag) FROM candidate_tags t WHERE t.company_id = a.company_id AND t.candidate_id = c.id) AS tags,
            ${PERSON_SQL}
       FROM applications a JOIN candidates c ON c.id = a.candidate_id
      WHERE ${where.join(' AND ')} ORDER BY a.created_at DESC, a.id DESC LIMIT 5001`,
    args,
  );
  if (rows.length > 5000) throw forbidden('投递记录过多，请按状态筛选后导出');
  const whole = reveal ? rows.filter((r) => r.unlocked && r.mobile_enc) : [];
  if (reveal) {
    // audited before the file is built: refused reasons write nothing and send nothing
    await auditPiiViews(
      db,
      { userId: v.userId, companyId: v.companyId, field: 'mobile', reason: q.reason ?? '', ip: v.ip },
      whole.map((r) => ({ type: 'candidate', id: r.user_id, name: r.realname, mask: r.mobile_mask, label: `职位投递导出 · ${p.title}` })),
    );
  }
  const open = new Set(whole.map((r) => r.id));
  const today = fmtDate(now);
  const wb = newWorkbook();
  const ws = headedSheet(wb, '投递记录', [
    { header: '姓名', key: 'name', width: 10 },
    { header: '性别', key: 'gender', width: 6 },
    { header: '年龄', key: 'age', width: 6 },
    { header: '学历', key: 'education', width: 8 },
    { header: '工作经验', key: 'exp', width: 10 },
    { header: '最近公司', key: 'company', width: 22 },
    { header: '最近职位', key: 'job', width: 16 },
    { header: '手机号', key: 'mobile', width: 15 },
    { header: '来源', key: 'source', width: 10 },
    { header: '投递时间', key: 'at', width: 20 },
    { header: '状态', key: 'status', width: 8 },
    { header: '不合适原因', key: 'reason', width: 12 },
    { header: '标签', key: 'tags', width: 20 },
  ]);
  for (const r of rows) {
    const x = person(r, now);
    ws.addRow({
      name: x.realname,
      gender: x.gender,
      age: x.age,
      education: x.education,
      exp: x.work_exp,
      company: x.last_company,
      job: x.last_job,
      mobile: open.has(r.id) ? decryptPii(r.mobile_enc!) : r.mobile_mask,
      source: r.source,
      at: fmtDateTime(r.created_at),
      status: STATUS[r.status],
      reason: r.reject_reason,
      tags: (r.tags ?? []).join('、'),
    });
  }
  return xlsxExport(wb, `${p.title}_投递记录_${today}${reveal ? '_含完整手机号' : ''}.xlsx`);
}
