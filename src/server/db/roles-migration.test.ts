/**
 * Migration 036 (roles, issue 27) over a database that already holds people: admins get 管理员,
 * admitted colleagues 成员 + 招聘 + 人事, pending joiners and users without a company 成员; then
 * users.role and users.roles move together whichever is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../tests/setup/db';
import { loadMigrations, migrate } from './migrate';
import type { Db } from './types';
import { mobileIndex } from '../domain/users';

let db: Db;
beforeAll(async () => {
  db = await openTestDb({ empty: true });
  const all = loadMigrations();
  await migrate(
    db,
    all.filter((m) => m.version < '036'),
  );
  await db.exec(`
    INSERT INTO companies (name, creditcode, status) VALUES ('甲公司', '91330106MA27WQ3D0X', 'normal');
    INSERT INTO users (mobile, company_id, role, member_status) VALUES
      ('13600000001', 1, 'admin', 'normal'), ('13600000002', 1, 'member', 'normal'),
      ('13600000003', 1, 'member', 'pending'), ('13600000004', NULL, 'member', 'normal');`);
  await migrate(db, all);
}, 120_000);
afterAll(async () => {
  await db?.close();
});

const rolesOf = async (mobile: string) =>
  (await db.one<{ role: string; roles: string[] }>('SELECT role, roles FROM users WHERE mobile_bidx = $1', [mobileIndex(mobile)]))!;

describe('migration 036 on existing people', () => {
  it('gives admins 管理员, admitted colleagues 招聘 + 人事, the others 成员', async () => {
    expect(await rolesOf('13600000001')).toEqual({ role: 'admin', roles: ['admin', 'member'] });
    expect(await rolesOf('13600000002')).toEqual({ role: 'member', roles: ['recruiter', 'hr', 'member'] });
    expect(await rolesOf('13600000003')).toEqual({ role: 'member', roles: ['member'] });
    expect(await rolesOf('13600000004')).toEqual({ role: 'member', roles: ['member'] });
  });

  it('keeps role and roles in step whichever is written, and refuses unknown roles', async () => {
    await db.query(`UPDATE users SET roles = '{finance,admin,member}' WHERE mobile_bidx = '${mobileIndex('13600000002')}'`);
    expect((await rolesOf('13600000002')).role).toBe('admin');
    await db.query(`UPDATE users SET role = 'member' WHERE mobile_bidx = '${mobileIndex('13600000002')}'`);
    expect(await rolesOf('13600000002')).toEqual({ role: 'member', roles: ['finance', 'member'] });
    // leaving the company starts again from 成员
    await db.query(`UPDATE users SET company_id = NULL WHERE mobile_bidx = '${mobileIndex('13600000002')}'`);
    expect((await rolesOf('13600000002')).roles).toEqual(['member']);
    await expect(db.query(`UPDATE users SET roles = '{owner,member}' WHERE mobile_bidx = '${mobileIndex('13600000002')}'`)).rejects.toThrow(
      /users_roles_known/,
    );
    await expect(db.query(`UPDATE users SET roles = '{hr}' WHERE mobile_bidx = '${mobileIndex('13600000002')}'`)).rejects.toThrow(/users_roles_known/);
  });
});
