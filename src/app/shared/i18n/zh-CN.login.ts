/**
 * The message catalog, login part (短信登录, 微信扫码登录, 绑定手机号): its own file so /login
 * loads only these strings, not the whole 账号 catalog (issue 17: /login's first paint ≤ 150 KB).
 * zh-CN.accounts.ts re-exports both sections as `tAccounts.wechat` and `tAccounts.bind`.
 */
export const tLogin = {
  wechat: {
    tabSms: '短信登录',
    tabWechat: '微信扫码登录',
    scan: '请使用微信扫一扫登录',
    scanned: '扫码成功，请在手机上确认登录',
    expired: '二维码已失效',
    cancelled: '您已取消本次登录',
    refresh: '刷新二维码',
    loading: '正在生成二维码',
    qrAlt: '微信登录二维码',
    hint: '首次使用微信登录需绑定手机号',
    phoneLink: '在手机上打开',
  },

  bind: {
    title: '绑定手机号',
    intro: (nick: string) => `微信用户「${nick}」，首次登录请绑定手机号，以后可直接扫码登录`,
    introPlain: '首次使用微信登录，请绑定手机号，以后可直接扫码登录',
    submit: '绑定并登录',
    binding: '绑定中...',
    noTicket: '绑定信息已失效，请返回登录页重新扫码',
    backLogin: '返回登录',
    success: '绑定成功',
  },
} as const;
