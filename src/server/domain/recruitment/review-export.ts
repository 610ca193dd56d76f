/**
 * 导出 of a position's applications as .xlsx (issue 32 item 2), streamed (issue 34: any size; the
 * call answers a ticket, domain/exports streams the file). Masked by default. Whole mobiles only for
 * a caller whose roles grant pii.full, with a stated reason, and only of candidates whose contact
 * the company has already opened (查看联系方式 costs check_info once: an export must not be a way
 * around it); every person whose whole number is in the file gets a pii_views row (docs/pii.md),
 * written before the batch holding them leaves.
 */
import { grants } from '../../../contract/roles';
import type { ExportTicket } from '../../../contract/exports';
import type { Db } from '../../db/types';
import { piiReasonProblem } from '../../../contract/pii-purpose';
import { auditPiiViews, decryptPii } from '../../lib/pii';
import { badRequest, forbidden } from '../../lib/refusal';
import { fmtDate, fmtDateTime } from '../../lib/time';
import { issueExportTicket } from '../exports/tickets';
import type { ExportSource } from '../exports/stream';
import { ownPosition } from './positions';
import { person, PERSON_SQL, type PersonRow } from './texts';

const STATUS = { pending: '待处理', viewed: '已查看', invited: '已邀约', unsuitable: '不合适', hired: '已录用' } as const;
export const MSG_EXPORT_REVEAL = '导出完整手机号需要“查看完整个人信息”权限，请联系企业管理员';
export const APPLICATIONS_EXPORT = 'applications';

export interface ExportCaller {
  companyId: number;
  userId: number;
  roles: readonly string[];
  ip: string;
}
interface ApplyExportParams {
  positionId: number;
  title: string;
  status: string;
  ids: number[] | null;
  reveal: boolean;
  reason: string;
}
type Row = PersonRow & {
  id: number;
  status: keyof typeof STATUS;
  source: string;
  created_at: Date;
  /** created_at exactly (microseconds), for the keyset */
  k: string;
  reject_reason: string;
  mobile_mask: string;
  mobile_enc: string | null;
  unlocked: boolean;
  tags: string[] | null;
};

function whereOf(p: ApplyExportParams, companyId: number, args: unknown[]): string {
  const where = [`a.position_id = $${args.push(p.positionId)}`, `a.company_id = $${args.push(companyId)}`];
  if (p.status !== 'all') where.push(`a.status = $${args.push(p.status)}`);
  if (p.ids) where.push(`a.id = ANY($${args.push(p.ids)}::int[])`);
  return where.join(' AND ');
}

/** The checks of 导出 (permission, own position, reason) and its ticket. */
export async function exportApplications(
  db: Db,
  v: ExportCaller,
  positionId: number,
  q: { status: string; ids?: number[]; reveal?: '1'; reason?: string },
  now: Date,
): Promise<ExportTicket> {
  const reveal = q.reveal === '1';
  if (reveal && !grants(v.roles, 'pii.full')) throw forbidden(MSG_EXPORT_REVEAL);
  const problem = reveal ? piiReasonProblem(q.reason ?? '') : null;
  if (problem) throw badRequest(problem);
  const pos = await ownPosition(db, positionId, v.companyId);
  const p: ApplyExportParams = { positionId: pos.id, title: pos.title, status: q.status, ids: q.ids ?? null, reveal, reason: (q.reason ?? '').trim() };
  const args: unknown[] = [];
  const n = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM applications a WHERE ${whereOf(p, v.companyId, args)}`, args);
  const filename = `${pos.title}_投递记录_${fmtDate(now)}${reveal ? '_含完整手机号' : ''}.xlsx`;
  return issueExportTicket(db, v, { kind: APPLICATIONS_EXPORT, params: { ...p }, filename, total: n!.n }, now);
}

/** The rows of a claimed 投递记录 ticket, newest first, in keyset batches. */
export function applicationsSource(raw: Record<string, unknown>, v: ExportCaller, now: Date): ExportSource<Row> {
  const p = raw as unknown as ApplyExportParams;
  // a whole number only with pii.full still held now, and only of an opened contact
  const reveal = p.reveal && grants(v.roles, 'pii.full');
  const open = (r: Row) => reveal && r.unlocked && !!r.mobile_enc;
  return {
    sheet: '投递记录',
    columns: [
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
    ],
    async batch(db, after, limit) {
      const args: unknown[] = [];
      let where = whereOf(p, v.companyId, args);
      if (after) where += ` AND (a.created_at, a.id) < ($${args.push(after.k)}::timestamptz, $${args.push(after.id)})`;
      return db.query<Row>(
        `SELECT a.id, a.status, a.source, a.created_at, a.created_at::text AS k, a.reject_reason, c.mobile_mask, ${reveal ? 'c.mobile_enc' : 'NULL AS mobile_enc'},
                EXISTS (SELECT 1 FROM contact_unlocks u WHERE u.company_id = a.company_id AND u.candidate_id = c.id) AS unlocked,
                (SELECT array_agg(t.tag ORDER BY t.tag) FROM candidate_tags t WHERE t.company_id = a.company_id AND t.candidate_id = c.id) AS tags,
                ${PERSON_SQL}
           FROM applications a JOIN candidates c ON c.id = a.candidate_id
          WHERE ${where} ORDER BY a.created_at DESC, a.id DESC LIMIT ${limit}`,
        args,
      );
    },
    async beforeWrite(db, rows) {
      if (!reveal) return;
      await auditPiiViews(
        db,
        { userId: v.userId, companyId: v.companyId, field: 'mobile', reason: p.reason, ip: v.ip },
        rows.filter(open).map((r) => ({ type: 'candidate', id: r.user_id, name: r.realname, mask: r.mobile_mask, label: `职位投递导出 · ${p.title}` })),
      );
    },
    row(r) {
      const x = person(r, now);
      return {
        name: x.realname,
        gender: x.gender,
        age: x.age,
        education: x.education,
        exp: x.work_exp,
        company: x.last_company,
        job: x.last_job,
        mobile: open(r) ? decryptPii(r.mobile_enc!) : r.mobile_mask,
        source: r.source,
        at: fmtDateTime(r.created_at),
        status: STATUS[r.status],
        reason: r.reject_reason,
        tags: (r.tags ?? []).join('、'),
      };
    },
  };
}
