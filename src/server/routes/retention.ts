/**
 * Retention (保存期限, issue 25 item 6; docs/pii.md "Retention"): the company's choice for
 * departure records past their 2 years and its purge history. The company's administrators only;
 * everyone else gets the Chinese refusal of adminCompany.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/endpoints';
import { adminCompany } from '../domain/access';
import { retentionOverview, saveRetentionSetting } from '../domain/accounts/retention-settings';
import { addRoute } from '../http/route';

export function retentionRoutes(app: FastifyInstance) {
  addRoute(app, endpoints.retention, async ({ auth, db }) => retentionOverview(db, adminCompany(auth, '查看保存期限设置').id));

  addRoute(app, endpoints.retentionSave, async ({ auth, db, body, now, setMsg }) => {
    const company = adminCompany(auth, '修改保存期限设置');
    setMsg('保存期限设置已保存');
    return saveRetentionSetting(db, company.id, auth.user.id, body.departure_action, now);
  });
}
