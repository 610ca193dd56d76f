/** Test helpers for shell components: the provider and demo session data. */
import type { ReactElement } from 'react';
import { FluentProvider } from '@fluentui/react-components';
import { render } from '@testing-library/react';
import type { Member, User } from '../../contract';
import { appTheme } from '../shared/theme';

export const demoUser = (over: Partial<User> = {}): User => ({
  id: 1,
  realname: '王丽娟',
  avatar: '',
  verify_status: 1,
  mobile: '13800000001',
  company_status: 'normal',
  ...over,
});

export const demoMember = (over: Partial<Member> = {}): Member => ({
  company_id: 1,
  company_name: '杭州云帆智联科技有限公司',
  dept_name: '人力资源部',
  job_name: '人力资源总监',
  name: '王丽娟',
  is_pay_taxe: 1,
  company_lv: 1,
  member_expire: '2027-11-17',
  check_num: 2,
  is_admin: 1,
  crc: 598,
  roles: ['admin', 'member'],
  permissions: ['recruit', 'hr', 'payout.prepare', 'payout.approve', 'payout.settings', 'finance', 'pii.full', 'admin'],
  ...over,
});

export function renderWithTheme(ui: ReactElement) {
  return render(<FluentProvider theme={appTheme}>{ui}</FluentProvider>);
}
