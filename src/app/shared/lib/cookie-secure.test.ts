// @vitest-environment-options { "url": "https://console.example.com/" }
/** Over https the token cookie is `Secure` (issue 9 item 10); http.test.ts covers plain http. */
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cookieSecure, getToken, removeToken, setToken, TOKEN_COOKIE } from './http';

afterEach(() => {
  vi.restoreAllMocks();
  removeToken();
});

describe('the token cookie over https', () => {
  it('is set with Secure', () => {
    expect(location.protocol).toBe('https:');
    expect(cookieSecure()).toBe(true);
    const set = vi.spyOn(Cookies, 'set');
    setToken('tok-123');
    expect(set).toHaveBeenCalledWith(TOKEN_COOKIE, 'tok-123', expect.objectContaining({ secure: true, sameSite: 'Lax', path: '/' }));
    expect(getToken()).toBe('tok-123');
  });
});
