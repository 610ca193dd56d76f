import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import {
  ApiError,
  CancelledError,
  ContractError,
  HttpError,
  NetworkError,
  SetupError,
  call,
  callWithMsg,
  configureHttp,
  getToken,
  loadContract,
  resetHttpState,
  setToken,
  cookieSecure,
  type HttpDeps,
} from './http';

const envelope = (code: number, msg: string, data: unknown) =>
  new Response(JSON.stringify({ code, msg, data }), { status: 200, headers: { 'content-type': 'application/json' } });

const member = {
  company_id: 1,
  company_name: '上海云帆科技有限公司',
  dept_name: '人力资源部',
  job_name: 'HRBP',
  name: '张伟',
  is_pay_taxe: 1,
  company_lv: 1,
  member_expire: '2027-11-20',
  check_num: 1,
  is_admin: 1,
  crc: 500,
  roles: ['admin', 'member'],
  permissions: ['admin'],
};
const userInfo = {
  user: { id: 1, realname: '张伟', avatar: '', verify_status: 1, mobile: '13800000001', company_status: 'normal' },
  member,
};

let toast: Mock<HttpDeps['toast']>;
let clearSession: Mock<HttpDeps['clearSession']>;
let goLogin: Mock<HttpDeps['goLogin']>;
let loading: Mock<HttpDeps['loading']>;
type FetchInit = RequestInit & { headers: Record<string, string>; body?: string };
let fetchMock: Mock<(url: string, init: FetchInit) => Promise<Response>>;
let now = 0;

beforeEach(() => {
  resetHttpState();
  toast = vi.fn();
  clearSession = vi.fn();
  goLogin = vi.fn();
  loading = vi.fn();
  fetchMock = vi.fn();
  now = 1_000_000;
  configureHttp({ baseUrl: '', toast, clearSession, goLogin, loading, fetch: fetchMock as unknown as typeof fetch, now: () => now });
  setToken('tok_abcdefghijklmnopqrstuvwxyz');
});

describe('request shape', () => {
  it('sends the bearer token from the cookie and query parameters for GET', async () => {
    fetchMock.mockResolvedValue(envelope(200, 'ok', { balance: 0, total: 0, list: [] }));
    await call('crcLedger', { query: { page: 2, page_size: undefined } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/ent/v3/usercenter/crc?page=2');
    expect(init.method).toBe('GET');
    expect(init.headers.Authorization).toBe('Bearer tok_abcdefghijklmnopqrstuvwxyz');
    expect(init.body).toBeUndefined();
  });

  it('form-encodes POST bodies and fills path parameters', async () => {
    fetchMock.mockResolvedValue(envelope(200, '邀请已发送', null));
    await call('invite', { params: { id: 42 }, body: { type: 'user', address: '上海市 浦东新区', remark: undefined } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/ent/v3/talent/invite/42');
    expect(init.headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(new URLSearchParams(init.body).get('address')).toBe('上海市 浦东新区');
    expect(new URLSearchParams(init.body).has('remark')).toBe(false);
  });

  it('uses the configured API host', async () => {
    configureHttp({ baseUrl: 'https://api.example.test' });
    fetchMock.mockResolvedValue(envelope(200, 'ok', { count: 0 }));
    await call('urge');
    expect(fetchMock.mock.calls[0]![0]).toBe('https://api.example.test/ent/v3/dimission/urge');
  });
});

describe('answers', () => {
  it('resolves with data checked against the contract', async () => {
    fetchMock.mockResolvedValue(envelope(200, 'ok', userInfo));
    await expect(call('userInfo')).resolves.toEqual(userInfo);
    expect(toast).not.toHaveBeenCalled();
  });

  it('gives the msg too when asked (the invitation success text)', async () => {
    fetchMock.mockResolvedValue(envelope(200, '面试邀请已发送', null));
    await expect(callWithMsg('invite', { params: { id: 1 }, body: { type: 'user' } })).resolves.toEqual({
      data: null,
      msg: '面试邀请已发送',
    });
  });

  it('toasts the server msg for another code and rejects with ApiError', async () => {
    fetchMock.mockResolvedValue(envelope(400, '请输入正确的手机号', null));
    const err = await call('loginCode', { body: { mobile: '123' } }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe(400);
    expect(toast).toHaveBeenCalledWith('error', '请输入正确的手机号');
  });

  it('does not toast when the call hides messages', async () => {
    fetchMock.mockResolvedValue(envelope(403, '无权查看', null));
    await expect(call('setting', {}, { hideMessage: true })).rejects.toBeInstanceOf(ApiError);
    expect(toast).not.toHaveBeenCalled();
  });

  it('silent endpoints (usercenter/info, dimission/urge) never toast', async () => {
    fetchMock.mockImplementation(async () => envelope(500, '服务繁忙', null));
    await expect(call('urge')).rejects.toBeInstanceOf(ApiError);
    await expect(call('userInfo')).rejects.toBeInstanceOf(ApiError);
    expect(toast).not.toHaveBeenCalled();
  });

  it('rejects HTTP non-200', async () => {
    fetchMock.mockResolvedValue(new Response('bad gateway', { status: 502 }));
    const err = await call('setting').catch((e) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err.status).toBe(502);
    expect(toast).toHaveBeenCalledWith('error', '服务异常（HTTP 502），请稍后再试');
  });

  it('rejects an answer that breaks the contract (once the schemas have loaded)', async () => {
    await loadContract();
    fetchMock.mockResolvedValue(envelope(200, 'ok', { count: 'many' }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(call('setting')).rejects.toBeInstanceOf(ContractError);
    expect(toast).toHaveBeenCalledTimes(1);
  });
});

describe('410000', () => {
  it('toasts 请先登录 once, clears the token and stored user info, and goes to /login', async () => {
    localStorage.setItem('userInfo', '{}');
    fetchMock.mockImplementation(async () => envelope(410000, '登录已失效，请重新登录', null));
    const results = await Promise.allSettled([call('userInfo'), call('urge'), call('setting')]);
    expect(results.every((r) => r.status === 'rejected' && r.reason instanceof CancelledError)).toBe(true);
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith('warning', '请先登录');
    expect(clearSession).toHaveBeenCalledTimes(1);
    expect(goLogin).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeUndefined();
  });

  it('is handled again after a new login', async () => {
    fetchMock.mockImplementation(async () => envelope(410000, 'x', null));
    await call('setting').catch(() => {});
    setToken('tok_second_login_abcdefghijkl');
    await call('setting').catch(() => {});
    expect(toast).toHaveBeenCalledTimes(2);
  });
});

describe('no token', () => {
  it('cancels a call that needs a token and redirects to /login without sending it', async () => {
    document.cookie = 'token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const err = await call('userInfo').catch((e) => e);
    expect(err).toBeInstanceOf(CancelledError);
    expect(err.reason).toBe('no-token');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(goLogin).toHaveBeenCalledTimes(1);
  });

  it('lets exempt calls (login) through', async () => {
    document.cookie = 'token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    fetchMock.mockResolvedValue(envelope(200, 'ok', { retry_after: 60 }));
    await expect(call('loginCode', { body: { mobile: '13800000001' } })).resolves.toEqual({ retry_after: 60 });
    expect(fetchMock.mock.calls[0]![1].headers.Authorization).toBeUndefined();
  });
});

describe('failures without an answer', () => {
  it('toasts 网络异常，请稍后再试 when the network fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const err = await call('setting').catch((e) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(toast).toHaveBeenCalledWith('error', '网络异常，请稍后再试');
  });

  it('times out after 60000 ms', async () => {
    vi.useFakeTimers();
    try {
      fetchMock.mockImplementation(
        (_url: string, init: RequestInit) =>
          new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      );
      const p = call('setting').catch((e) => e);
      // the number itself (SPEC), not the module's constant: changing it must fail here
      await vi.advanceTimersByTimeAsync(59_999);
      expect(toast).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      const err = await p;
      expect(err).toBeInstanceOf(NetworkError);
      expect(err.timedOut).toBe(true);
      expect(toast).toHaveBeenCalledWith('error', '网络异常，请稍后再试');
    } finally {
      vi.useRealTimers();
    }
  });

  it('toasts 请求异常！ with the detail when the request cannot be built', async () => {
    // @ts-expect-error -- on purpose: a call without its path parameter (the types forbid it; the request layer still refuses it)
    const err = await call('viewUser', {}).catch((e) => e);
    expect(err).toBeInstanceOf(SetupError);
    expect(toast).toHaveBeenCalledWith('error', '请求异常！缺少路径参数 id');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does not toast when the caller aborts', async () => {
    const ac = new AbortController();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const p = call('setting', {}, { signal: ac.signal }).catch((e) => e);
    ac.abort();
    expect(await p).toBeInstanceOf(CancelledError);
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('submit de-duplication (900 ms)', () => {
  it('drops the same submission within 900 ms and lets it through after', async () => {
    fetchMock.mockImplementation(async () => envelope(200, 'ok', { retry_after: 60 }));
    const body = { mobile: '13800000001' };
    await call('loginCode', { body });
    now += 899;
    await expect(call('loginCode', { body })).rejects.toMatchObject({ reason: 'duplicate' });
    now += 1;
    await call('loginCode', { body });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('lets different submissions through at once', async () => {
    fetchMock.mockImplementation(async () => envelope(200, 'ok', { retry_after: 60 }));
    await call('loginCode', { body: { mobile: '13800000001' } });
    await call('loginCode', { body: { mobile: '13800000002' } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never de-duplicates GET', async () => {
    fetchMock.mockImplementation(async () => envelope(200, 'ok', { count: 1 }));
    await call('urge');
    await call('urge');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe("the caller's roles (issue 27)", () => {
  const withRoles = (res: Response, roles: string) => {
    res.headers.set('X-Roles', roles);
    return res;
  };

  it("hands every answer's X-Roles to `answered`, also of a failing call", async () => {
    const answered = vi.fn();
    configureHttp({ answered });
    fetchMock.mockResolvedValueOnce(withRoles(envelope(200, 'ok', { count: 0 }), 'finance,member'));
    await call('urge');
    fetchMock.mockResolvedValueOnce(withRoles(envelope(400, '请输入正确的手机号', null), 'member'));
    await call('loginCode', { body: { mobile: '123' } }).catch(() => {});
    fetchMock.mockResolvedValueOnce(envelope(200, 'ok', { count: 0 }));
    await call('urge');
    expect(answered.mock.calls).toEqual([
      [{ roles: 'finance,member', refused: false }],
      [{ roles: 'member', refused: false }],
      [{ roles: null, refused: false }],
    ]);
  });

  it('says when the server refused the call for want of a permission (only that 403)', async () => {
    const answered = vi.fn();
    configureHttp({ answered });
    fetchMock.mockResolvedValueOnce(withRoles(envelope(403, '您没有该操作的权限，请联系企业管理员', null), 'member'));
    await expect(call('setting')).rejects.toBeInstanceOf(ApiError);
    fetchMock.mockResolvedValueOnce(envelope(403, '请先完成企业认证', null));
    await expect(call('setting')).rejects.toBeInstanceOf(ApiError);
    expect(answered.mock.calls).toEqual([[{ roles: 'member', refused: true }], [{ roles: null, refused: false }]]);
    // the user is told as for any refusal
    expect(toast).toHaveBeenCalledWith('error', '您没有该操作的权限，请联系企业管理员');
  });
});

describe('loading overlay', () => {
  it('counts up while the call runs and down after, also on failure', async () => {
    fetchMock.mockRejectedValue(new TypeError('offline'));
    await call('setting', {}, { loading: true }).catch(() => {});
    expect(loading.mock.calls).toEqual([[1], [-1]]);
  });
});

describe('the token cookie over plain http', () => {
  it('is not Secure (it would never be stored)', () => {
    expect(location.protocol).toBe('http:');
    expect(cookieSecure()).toBe(false);
  });
});

describe("the first page's answers, before the schemas have loaded", () => {
  it('resolve at once, and a mismatch is logged and toasted once the page has painted and the schemas loaded', async () => {
    vi.resetModules();
    const http = await import('./http');
    const painted = await import('./painted');
    http.configureHttp({ baseUrl: '', toast, clearSession, goLogin, loading, fetch: fetchMock as unknown as typeof fetch, now: () => now });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    errors.mockClear();
    fetchMock.mockResolvedValue(envelope(200, 'ok', { count: 'many' }));
    // no schema loaded yet: the answer as sent, nothing said
    await expect(http.call('setting')).resolves.toEqual({ count: 'many' });
    expect(toast).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    // the page paints: the schemas load and the answer is checked
    painted.markPagePainted();
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith('error', '服务返回的数据格式有误，请稍后再试'), { timeout: 15_000 });
    expect(errors).toHaveBeenCalledWith('[http] setting: answer does not match the contract', expect.any(Array));
    // from now on an answer is checked before the call resolves
    await expect(http.call('setting')).rejects.toBeInstanceOf(http.ContractError);
  });

  it('hold the deferred work until they are answered', async () => {
    vi.resetModules();
    const http = await import('./http');
    const painted = await import('./painted');
    http.configureHttp({ baseUrl: '', toast, clearSession, goLogin, loading, fetch: fetchMock as unknown as typeof fetch, now: () => now });
    let answer: (r: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const pending = http.call('planDays');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const ran = vi.fn();
    painted.afterFirstPaint(ran, 0);
    painted.markPagePainted();
    // without the hold it runs about 1 s after the paint (no requestIdleCallback in jsdom): the
    // subject here is time itself
    await new Promise((r) => setTimeout(r, 1500));
    expect(ran).not.toHaveBeenCalled();
    answer(envelope(200, 'ok', { day_list: [] }));
    await pending.catch(() => {});
    await vi.waitFor(() => expect(ran).toHaveBeenCalledTimes(1), { timeout: 15_000 });
  });
});
