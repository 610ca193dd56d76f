// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Member, User } from '../../../contract';
import { companyGate, memberGate } from './gates';

const user = (company_status: User['company_status']): User => ({
  id: 1,
  realname: '李娜',
  avatar: '',
  verify_status: 1,
  mobile: '13800000002',
  company_status,
});
const member = (company_lv: number): Member => ({
  company_id: 2,
  company_name: '杭州启明网络有限公司',
  dept_name: '人事部',
  job_name: '招聘专员',
  name: '李娜',
  is_pay_taxe: 0,
  company_lv,
  member_expire: '',
  check_num: 0,
  is_admin: 1,
  crc: 0,
  roles: ['admin', 'member'],
  permissions: [],
});

describe('role prompts (SPEC §6)', () => {
  it('asks a user without company to verify, one under review to view progress', () => {
    expect(companyGate(user('no_apply'))).toBe('noCompany');
    expect(companyGate(user('apply'))).toBe('inReview');
    expect(companyGate(user('normal'))).toBeNull();
    expect(companyGate(null)).toBe('noCompany');
  });
  it('asks a verified non-member to buy membership; members pass', () => {
    expect(memberGate(user('normal'), member(0))).toBe('nonMember');
    expect(memberGate(user('normal'), null)).toBe('nonMember');
    expect(memberGate(user('normal'), member(1))).toBeNull();
    expect(memberGate(user('apply'), member(1))).toBe('inReview');
  });
});
