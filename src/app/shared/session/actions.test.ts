import { describe, expect, it, vi } from 'vitest';

// the answer to usercenter/info is held until the test lets it go
let answer: (value: unknown) => void = () => undefined;
vi.mock('../lib/http', () => ({
  call: vi.fn(() => new Promise((resolve) => (answer = resolve))),
  getToken: () => 'token',
  removeToken: () => undefined,
  setToken: () => undefined,
}));

const { clearSession, refreshUserInfo, session, STORAGE } = await import('./index');

describe('refreshUserInfo', () => {
  it('drops an answer that arrives after a 410000 or a logout cleared the session', async () => {
    session.loggedIn = true;
    const refreshing = refreshUserInfo();
    // the session ends while the call is on its way (another call answered 410000)
    clearSession();
    answer({ user: { id: 2, mobile: '13800000002', company_status: 'normal' }, member: { id: 2 } });
    await refreshing;
    expect(session.user).toBeNull();
    expect(localStorage.getItem(STORAGE.user)).toBeNull();
  });

  it('saves an answer of the same session', async () => {
    session.loggedIn = true;
    const refreshing = refreshUserInfo();
    answer({ user: { id: 2, mobile: '13800000002', company_status: 'normal' }, member: { id: 2 } });
    await refreshing;
    expect(session.user?.id).toBe(2);
    expect(JSON.parse(localStorage.getItem(STORAGE.user)!).id).toBe(2);
    clearSession();
  });
});
