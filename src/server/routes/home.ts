import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import type { CrcConfigure, MemberPack } from '../../contract/home';
import { addRoute } from '../http/route';

export function homeRoutes(app: FastifyInstance) {
  /** CRC values and the membership packs on sale (cheapest listed by `sort`). */
  addRoute(app, endpoints.setting, async ({ db }) => {
    const rows = await db.query<{ key: string; value: number }>('SELECT key, value FROM crc_configure ORDER BY sort, key');
    const configure = Object.fromEntries(rows.map((r) => [r.key, r.value])) as CrcConfigure;
    const packs = await db.query<MemberPack>(
      'SELECT pack, name, amount, days, num FROM member_packs WHERE enabled ORDER BY sort, pack',
    );
    return { setting: { configure }, company_order: packs };
  });
}
