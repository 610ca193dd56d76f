import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../shared/session';
import { pwa } from './pwa-state';
import { demoMember, demoUser, renderWithTheme } from './testing';
import { UserMenu } from './UserMenu';

afterEach(() => {
  session.user = null;
  session.member = null;
  pwa.installable = false;
});

async function openMenu() {
  renderWithTheme(<UserMenu />);
  fireEvent.click(screen.getByTestId('user-menu-trigger'));
  return within(await screen.findByTestId('user-menu'));
}

describe('UserMenu', () => {
  it('shows who is signed in: name, 已实名, masked mobile, company, department and job', async () => {
    session.user = demoUser();
    session.member = demoMember();
    const menu = await openMenu();
    expect(menu.getByText('已实名')).toBeTruthy();
    expect(menu.getByText('138****0001')).toBeTruthy();
    expect(menu.getByText('杭州云帆智联科技有限公司')).toBeTruthy();
    expect(menu.getByText('人力资源部 · 人力资源总监')).toBeTruthy();
    expect(menu.getByText('账号设置')).toBeTruthy();
    expect(menu.getByText('数据面板')).toBeTruthy();
    expect(menu.getByText('退出登录')).toBeTruthy();
    expect(screen.queryByText('13800000001')).toBeNull();
  });

  it('a normal company: 企业信息 and 同事 with the pending-check badge, no 去认证', async () => {
    session.user = demoUser({ company_status: 'normal' });
    session.member = demoMember({ check_num: 2 });
    const menu = await openMenu();
    expect(menu.getByText('企业信息')).toBeTruthy();
    const colleagues = menu.getByText('同事').closest('[role="menuitem"]') as HTMLElement;
    expect(within(colleagues).getByTestId('colleague-badge').textContent).toBe('2');
    expect(menu.queryByText('去认证')).toBeNull();
    expect(menu.queryByText('查看审核进度')).toBeNull();
  });

  it('no badge when nothing waits for a check', async () => {
    session.user = demoUser();
    session.member = demoMember({ check_num: 0 });
    const menu = await openMenu();
    expect(menu.getByText('同事')).toBeTruthy();
    expect(menu.queryByTestId('colleague-badge')).toBeNull();
  });

  it('a company under review: 查看审核进度, and neither 同事 nor 企业信息', async () => {
    session.user = demoUser({ company_status: 'apply', verify_status: 0 });
    session.member = demoMember({ check_num: 3 });
    const menu = await openMenu();
    expect(menu.getByText('查看审核进度')).toBeTruthy();
    expect(menu.getByText('未实名')).toBeTruthy();
    expect(menu.queryByText('同事')).toBeNull();
    expect(menu.queryByText('企业信息')).toBeNull();
    expect(menu.queryByTestId('colleague-badge')).toBeNull();
  });

  it('no company: 去认证', async () => {
    session.user = demoUser({ company_status: 'no_apply' });
    session.member = null;
    const menu = await openMenu();
    expect(menu.getByText('去认证')).toBeTruthy();
    expect(menu.getByText('尚未加入企业')).toBeTruthy();
    expect(menu.queryByText('同事')).toBeNull();
  });

  it('no 安装到桌面 without the browser offer', async () => {
    session.user = demoUser();
    session.member = demoMember();
    const menu = await openMenu();
    expect(menu.queryByText('安装到桌面')).toBeNull();
  });

  it('shows 安装到桌面 when the browser offers it', async () => {
    session.user = demoUser();
    session.member = demoMember();
    pwa.installable = true;
    const menu = await openMenu();
    expect(menu.getByText('安装到桌面')).toBeTruthy();
  });
});

/** The menu in a fresh module graph, where the dropdown's code has not been loaded yet. */
async function renderFreshMenu() {
  vi.resetModules();
  const { UserMenu: FreshMenu } = await import('./UserMenu');
  const fresh = await import('../shared/session');
  fresh.session.user = demoUser();
  fresh.session.member = demoMember();
  renderWithTheme(<FreshMenu />);
  return fresh;
}

describe('UserMenu before its dropdown has loaded', () => {
  it('paints the trigger at once; focusing it loads the dropdown and the focus stays on the trigger', async () => {
    const fresh = await renderFreshMenu();
    const painted = screen.getByTestId('user-menu-trigger');
    expect(painted.getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.queryByTestId('user-menu')).toBeNull();
    act(() => painted.focus());
    // the dropdown replaces the painted trigger with its own, and gives it the focus
    await waitFor(() => expect(screen.getByTestId('user-menu-trigger')).not.toBe(painted));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('user-menu-trigger')));
    expect(screen.queryByTestId('user-menu')).toBeNull();
    fireEvent.click(screen.getByTestId('user-menu-trigger'));
    expect(await screen.findByTestId('user-menu')).toBeTruthy();
    fresh.session.user = null;
  });
});

describe('UserMenu when the dropdown arrives while the button is held', () => {
  it('keeps the painted trigger until the release, so the click opens the menu', async () => {
    const fresh = await renderFreshMenu();
    const painted = screen.getByTestId('user-menu-trigger');
    // pointing at it starts the load; the button is pressed before the module has arrived
    fireEvent.pointerEnter(painted);
    fireEvent.pointerDown(painted);
    // the module arrives while the button is still held: the painted trigger stays
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByTestId('user-menu-trigger')).toBe(painted);
    // the release's click lands on the painted trigger and opens the menu
    fireEvent.pointerUp(painted);
    fireEvent.click(painted);
    expect(await screen.findByTestId('user-menu')).toBeTruthy();
    expect(screen.getByTestId('user-menu-trigger')).not.toBe(painted);
    fresh.session.user = null;
  });
});
