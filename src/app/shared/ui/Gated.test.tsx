import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Button, FluentProvider } from '@fluentui/react-components';
import type { Member, Permission, Role } from '../../../contract';
import { session } from '../session';
import { appTheme } from '../theme';
import { Gated, NoAccess } from './Gated';

afterEach(() => {
  session.user = null;
  session.member = null;
});

const renderWithTheme = (ui: ReactElement) => render(<FluentProvider theme={appTheme}>{ui}</FluentProvider>);
const user = (company_status: 'normal' | 'no_apply') => ({ id: 7, realname: '周婷', avatar: '', verify_status: 1, mobile: '13905710007', company_status });
const asMember = (roles: Role[], permissions: Permission[]) => {
  session.user = user('normal');
  session.member = {
    company_id: 1,
    company_name: '杭州云帆智联科技有限公司',
    dept_name: '',
    job_name: '',
    name: '周婷',
    is_pay_taxe: 1,
    company_lv: 1,
    member_expire: '2027-11-17',
    check_num: 0,
    is_admin: 0,
    crc: 0,
    roles,
    permissions,
  } satisfies Member;
};

describe('Gated (issue 27)', () => {
  it('disables the action for a colleague whose roles do not grant it, says who may, and follows a change at once', async () => {
    asMember(['member'], []);
    const click = vi.fn();
    renderWithTheme(
      <Gated perm="finance">
        <Button onClick={click}>开票</Button>
      </Gated>,
    );
    const button = screen.getByRole('button', { name: '开票' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(click).not.toHaveBeenCalled();
    fireEvent.focus(button);
    expect((await screen.findByRole('tooltip', {}, { timeout: 3000 })).textContent).toBe('仅财务、管理员可操作');

    await act(async () => asMember(['finance', 'member'], ['payout.prepare', 'payout.approve', 'finance']));
    const enabled = screen.getByRole('button', { name: '开票' });
    expect(enabled.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(enabled);
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('leaves users not yet admitted to the page’s own gates', () => {
    session.user = user('no_apply');
    session.member = null;
    renderWithTheme(
      <Gated perm="admin">
        <Button>开通会员</Button>
      </Gated>,
    );
    expect(screen.getByRole('button', { name: '开通会员' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('NoAccess names the roles that may see the page (any one of a list)', () => {
    renderWithTheme(<NoAccess perm={['payout.prepare', 'hr', 'finance']} />);
    expect(screen.getByTestId('no-access').textContent).toContain('仅财务、招聘、人事、管理员可查看');
  });
});
