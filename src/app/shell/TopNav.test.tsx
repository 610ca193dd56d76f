import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { dialogs } from '../shared/dialogs/store';
import { session } from '../shared/session';
import { navItems } from './navItems';
import { demoMember, demoUser, renderWithTheme } from './testing';
import { TopNav } from './TopNav';

afterEach(() => {
  session.user = null;
  session.member = null;
  dialogs.gate = null;
});

const labels = () =>
  within(screen.getByTestId('top-nav'))
    .getAllByRole('link')
    .map((a) => a.textContent);
// entries added after the first layout wait for the overflow manager's measure (none in jsdom)
const allLabels = () =>
  within(screen.getByTestId('top-nav'))
    .getAllByRole('link', { hidden: true })
    .map((a) => a.textContent);

describe('TopNav', () => {
  it('shows 完税服务 only when the company has the tax flag', () => {
    session.user = demoUser();
    session.member = demoMember({ is_pay_taxe: 1 });
    const { unmount } = renderWithTheme(<TopNav activeName="index" />);
    expect(labels()).toEqual(['首页', '人才大厅', '全职招聘', '灵活用工', '离职办理', '完税服务']);
    unmount();

    session.member = demoMember({ is_pay_taxe: 0 });
    renderWithTheme(<TopNav activeName="index" />);
    expect(labels()).toEqual(['首页', '人才大厅', '全职招聘', '灵活用工', '离职办理']);
    expect(navItems(null).some((i) => i.label === '完税服务')).toBe(false);
  });

  it('leaves out the areas the roles can use none of, and follows a change of roles at once (issue 27)', async () => {
    session.user = demoUser();
    session.member = demoMember({ is_pay_taxe: 1, roles: ['member'], permissions: [] });
    renderWithTheme(<TopNav activeName="index" />);
    expect(labels()).toEqual(['首页']);
    await act(async () => {
      session.member = demoMember({ is_pay_taxe: 1, roles: ['finance', 'member'], permissions: ['payout.prepare', 'payout.approve', 'finance'] });
    });
    expect(allLabels()).toEqual(['首页', '完税服务']);
    await act(async () => {
      session.member = demoMember({ is_pay_taxe: 1, roles: ['recruiter', 'hr', 'member'], permissions: ['recruit', 'hr', 'payout.prepare', 'pii.full'] });
    });
    expect(allLabels()).toEqual(['首页', '人才大厅', '全职招聘', '灵活用工', '离职办理']);
  });

  it('keeps every area for a user not yet admitted (their own gates answer them)', () => {
    session.user = demoUser({ company_status: 'apply' });
    session.member = demoMember({ roles: ['member'], permissions: [] });
    renderWithTheme(<TopNav activeName="index" />);
    expect(labels()).toEqual(['首页', '人才大厅', '全职招聘', '灵活用工', '离职办理', '完税服务']);
  });

  it('marks the active item', () => {
    session.user = demoUser();
    session.member = demoMember();
    renderWithTheme(<TopNav activeName="position" />);
    expect(screen.getByRole('link', { name: '全职招聘' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: '首页' }).getAttribute('aria-current')).toBeNull();
  });

  it('面试安排 asks non-members to buy membership before opening', () => {
    session.user = demoUser();
    session.member = demoMember({ company_lv: 0 });
    renderWithTheme(<TopNav activeName="index" />);
    fireEvent.click(screen.getByTestId('plan-trigger'));
    expect(dialogs.gate).toBe('nonMember');
    expect(screen.queryByTestId('plan-popover')).toBeNull();
  });

  it('面试安排 opens for members', async () => {
    session.user = demoUser();
    session.member = demoMember({ company_lv: 1 });
    renderWithTheme(<TopNav activeName="index" />);
    fireEvent.click(screen.getByTestId('plan-trigger'));
    expect(dialogs.gate).toBeNull();
    // the panel loads GET /index/plan (issue 6); here it only has to open
    expect(await screen.findByTestId('plan-panel', {}, { timeout: 5000 })).toBeTruthy();
  });
});
