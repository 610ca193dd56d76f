/**
 * 平台公告 (issue 15): the operator publishes an announcement the home page of every company lists
 * (POST /sandbox/announcements, form or JSON: title ≤60, body ≤2000, pinned 0/1) or removes one.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IdParam } from '../../contract/common';
import type { Db } from '../db/types';
import { envelope } from '../http/envelope';
import { notFound } from '../lib/refusal';
import { toApiError } from '../http/errors';
import { parseInput } from '../http/validate';
import { fmtDateTime } from '../lib/time';
import { esc } from './mobile-page';

const noNul = (s: string) => !s.includes('\u0000');
const AnnouncementBody = z.strictObject({
  title: z.string().trim().min(1, '请填写公告标题').max(60, '公告标题不能超过60字').refine(noNul, '公告标题含有非法字符'),
  body: z.string().trim().max(2000, '公告内容不能超过2000字').refine(noNul, '公告内容含有非法字符').optional().default(''),
  pinned: z.enum(['0', '1']).optional().default('0'),
});
const wantsHtml = (req: FastifyRequest) => (req.headers.accept ?? '').includes('text/html');

export async function announcementsSection(db: Db): Promise<string> {
  const rows = await db.query<{ id: number; title: string; pinned: boolean; published_at: Date }>(
    'SELECT id, title, pinned, published_at FROM announcements ORDER BY pinned DESC, published_at DESC, id DESC LIMIT 30',
  );
  const list = rows.length
    ? rows
        .map(
          (r) => `<tr><td>${r.id}</td><td>${r.pinned ? '【置顶】' : ''}${esc(r.title)}</td><td>${esc(fmtDateTime(r.published_at))}</td>
<td><form method="post" action="/sandbox/announcements/${r.id}/delete"><button class="no">删除</button></form></td></tr>`,
        )
        .join('')
    : '<tr><td colspan="4" class="empty">暂无数据</td></tr>';
  return `<section id="announcements"><h2>平台公告</h2><p class="sub">发布后所有企业的首页“平台公告”即可看到。</p>
<form method="post" action="/sandbox/announcements"><input name="title" placeholder="公告标题（必填，60字内）" maxlength="60" required>
<input name="body" placeholder="公告内容（选填）" maxlength="2000"><label><input type="checkbox" name="pinned" value="1"> 置顶</label> <button class="ok">发布公告</button></form>
<table><thead><tr><th>编号</th><th>标题</th><th>发布时间</th><th>操作</th></tr></thead><tbody>${list}</tbody></table></section>`;
}

export function announcementsSandbox(app: FastifyInstance) {
  app.post('/sandbox/announcements', async (req, reply) => {
    const fromPage = wantsHtml(req);
    try {
      const b = parseInput(AnnouncementBody, req.body ?? {});
      const row = await app.db.one<{ id: number }>('INSERT INTO announcements (title, body, pinned, published_at) VALUES ($1, $2, $3, $4) RETURNING id', [
        b.title,
        b.body,
        b.pinned === '1',
        app.now(),
      ]);
      if (fromPage) return reply.redirect(`/sandbox/?done=${encodeURIComponent('公告已发布')}#announcements`, 303);
      return { id: row!.id };
    } catch (e) {
      const api = toApiError(e);
      if (fromPage && api.httpStatus < 500) return reply.redirect(`/sandbox/?error=${encodeURIComponent(api.message)}`, 303);
      return reply.status(api.httpStatus).send(envelope(api.code, api.message, null));
    }
  });
  app.post('/sandbox/announcements/:id/delete', async (req, reply) => {
    const fromPage = wantsHtml(req);
    try {
      const { id } = parseInput(IdParam, req.params);
      const row = await app.db.one('DELETE FROM announcements WHERE id = $1 RETURNING id', [id]);
      if (!row) throw notFound('公告不存在');
      if (fromPage) return reply.redirect(`/sandbox/?done=${encodeURIComponent('公告已删除')}#announcements`, 303);
      return { id };
    } catch (e) {
      const api = toApiError(e);
      if (fromPage && api.httpStatus < 500) return reply.redirect(`/sandbox/?error=${encodeURIComponent(api.message)}`, 303);
      return reply.status(api.httpStatus).send(envelope(api.code, api.message, null));
    }
  });
}
