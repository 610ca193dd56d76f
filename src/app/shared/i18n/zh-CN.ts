/**
 * The console's one message catalog. SPEC messages use the words of shared/spec/messages.md verbatim;
 * the rest is ours, in the same plain, polite product Chinese.
 */
export const t = {
  product: '企业服务平台',

  login: {
    title: '企业登录',
    subtitle: '手机号验证码登录，未注册的手机号将自动注册',
    mobile: '手机号',
    code: '验证码',
    sendCode: '获取验证码',
    resend: (n: number) => `${n}s后重新获取`,
    submit: '登录',
    invalidMobile: '请输入正确的手机号',
    emptyMobile: '请输入手机号',
    emptyCode: '请输入验证码',
    invalidCode: '请输入6位数字验证码',
    codeSent: '验证码已发送，请注意查收',
    agreePrefix: '登录即表示您已阅读并同意',
    agreement: '《用户服务协议》',
    success: '登录成功',
  },

  nav: {
    index: '首页',
    hall: '人才大厅',
    position: '全职招聘',
    employment: '灵活用工',
    dimission: '离职办理',
    payTaxes: '完税服务',
    plan: '面试安排',
    settings: '账号设置',
    logout: '退出登录',
    goAuth: '去认证',
    reviewProgress: '查看审核进度',
    colleagues: '同事',
    statistics: '数据面板',
  },

  footer: {
    slogans: ['扫码离职', '共享交流', '永久免费'],
    slogan: '扫码离职 · 共享交流 · 永久免费',
    hotline: '客服热线',
    email: '联系邮箱',
    qrService: '扫码联系客服',
    qrMiniProgram: '扫码打开小程序',
    copyright: '© 2019-2021',
  },

  state: {
    searchPlaceholder: '请输入搜索关键词',
    slowHint: '请稍候，正在努力为您加载',
    offline: '网络不给力，请稍后重试',
    reload: '重新加载',
    empty: '暂无数据',
    loadingOverlay: '拼命加载中...',
  },

  request: {
    pleaseLogin: '请先登录',
    setupError: (detail: string) => `请求异常！${detail}`,
    network: '网络异常，请稍后再试',
    http: (status: number) => `服务异常（HTTP ${status}），请稍后再试`,
    badData: '服务返回的数据格式有误，请稍后再试',
    saved: '保存成功',
  },

  gate: {
    noCompany: '该操作需要企业认证，是否继续？',
    inReview: '企业信息审核中，是否查看审核进度？',
    nonMember: '该功能为付费会员功能，开通会员后即可正常使用',
    openMember: '开通会员',
    notNow: '暂不开通',
    confirm: '确定',
    cancel: '取消',
    approved: '恭喜，您的企业认证已通过审核',
    title: '提示',
  },

  vip: {
    title: '开通企业会员',
    payWithWechat: '请使用微信扫码支付',
    paid: '我已完成支付',
    notPaid: '暂未查询到支付结果，请完成支付后重试',
    crcTabs: ['企业CRC规则', '部门CRC规则'],
  },

  invite: {
    open: '邀请面试',
    title: '发送面试邀请',
    fields: {
      realname: '面试者姓名',
      company: '公司名称',
      job: '面试职位',
      time: '面试时间',
      place: '面试地点',
      contact: '联系人',
      tel: '联系电话',
      remark: '备注',
    },
    remarkPlaceholder: '需要准备的资料等注意事项（选填）',
    cancel: '取消',
    send: '发送',
    errors: ['请选择面试职位', '请选择面试时间', '请填写面试地点', '请填写联系人姓名', '请填写联系方式'],
  },

  invoice: {
    types: ['增值税普通发票', '增值税专用发票'],
    titleRequired: '请填写企业发票抬头',
    taxNoRequired: '请填写税务登记号',
    typeRequired: '请选择发票类型',
    accountRequired: '请填写基本户账号',
    bankRequired: '请填写开户银行',
    addressRequired: '请填写注册场所地址',
    landlineRequired: '请填写注册固定电话',
    shipNameRequired: '请填写收件人姓名',
    shipAddressRequired: '请填写收件地址',
    shipPhoneBlank: '请填写收件人电话',
    shipPhoneInvalid: '请填写正确的收件人电话',
  },

  upload: {
    EmptyFile: '文件为空，无法上传',
    FileDuplication: '文件已在上传列表中',
    UploadAlearyStarted: '上传已开始，请勿重复操作',
    GetUploadAuthFailed: '获取上传凭证失败，请稍后重试',
    ReadFileError: '读取文件失败',
    'InvalidParameter.TokenInvalid': '上传凭证无效',
    'InvalidParameter.EmptyValue': '参数不能为空',
  },

  notice: {
    urge: (n: number) => `您有 ${n} 条离职申请待审核，请及时处理`,
    urgeTitle: '离职申请待审核',
    urgeAction: '去处理',
    approvedAction: '查看企业信息',
    close: '关闭',
  },

  coming: {
    title: '功能建设中',
    body: '该页面正在建设中，即将上线，敬请期待。',
    back: '返回首页',
  },

  notFound: {
    title: '页面不存在',
    body: '您访问的页面不存在或已被移除。',
    back: '返回首页',
  },
} as const;
