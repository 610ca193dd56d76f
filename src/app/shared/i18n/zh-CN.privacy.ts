/**
 * The message catalog, 个人信息保护 part: 查看联系方式 in the resume and the company's record of
 * full views on /account, and the 查看原因 asked before a whole number is shown or exported
 * (shared/ui/Purpose.tsx). Loaded with those pages, not with the first route.
 */
import { PII_PURPOSE_OTHER, PII_PURPOSES, PII_REASON_MAX } from '../../../contract/pii-purpose';

export const tPrivacy = {
  /** 查看原因 (issue 27 "personal data by need"): the purposes are the contract's (pii-purpose.ts) */
  purpose: {
    title: '查看原因',
    intro: '查看或导出完整的证件号、手机号、银行卡号需说明用途，本次操作将连同原因记入个人信息查看记录。',
    label: '查看原因',
    purposes: PII_PURPOSES as readonly string[],
    other: PII_PURPOSE_OTHER,
    otherPlaceholder: `请填写查看原因（2–${PII_REASON_MAX}个字）`,
    ok: '确定查看',
    cancel: '取消',
  },
  reveal: {
    action: '查看联系方式',
    /** domain.md §0.4: the cost before spending */
    confirmTitle: '查看联系方式',
    confirm: (cost: number) => `查看该人才联系方式将消耗 CRC积分 ${cost} 分，是否继续？`,
    balance: (n: number) => `当前 CRC积分余额：${n} 分`,
    note: '同一人才只扣除一次，之后企业内同事查看不再扣分；每次查看都会记入个人信息查看记录',
    hint: (cost: number) => `首次查看消耗 ${cost} CRC积分`,
    unlocked: '已解锁，查看不再消耗积分',
    ok: '确定查看',
    cancel: '取消',
    failed: '联系方式获取失败，请稍后重试',
  },
  views: {
    tab: '信息查看记录',
    title: '个人信息查看记录',
    intro: '按照《个人信息保护法》，企业成员每次查看或导出完整的手机号、身份证号、银行卡号都会记录在这里（谁、查看了谁的哪条记录、何时、用途），仅管理员可见。',
    cols: { viewer: '查看人', subject: '对象', record: '记录', reason: '用途/原因', time: '时间' },
    /** a view of a whole file (an import batch): no one person */
    wholeFile: '整个文件',
    fields: { mobile: '手机号', id_card: '身份证号', bank_card: '银行卡号' } as Record<string, string>,
    empty: '暂无数据',
    adminOnly: '仅企业管理员可查看个人信息查看记录',
    prev: '上一页',
    next: '下一页',
    page: (p: number, pages: number, total: number) => `第 ${p} / ${pages} 页，共 ${total} 条`,
    loadFailed: '加载失败，请稍后重试',
  },
  /** 保存期限 (issue 25 item 6): the rules, the departure-record setting, the company's purge history */
  retention: {
    title: '个人信息保存期限',
    intro: '按照《个人信息保护法》，个人信息只保存到处理目的所必需的期限。平台每天自动清理到期的数据，并记录清理的条数（不记录内容）。',
    rules: [
      '离职记录、离职证明、离职申请：离职满 2 年后按下方设置匿名化或删除（《劳动合同法》第五十条：至少保存 2 年备查）',
      '批量导入的原文件与错误数据：导入成功 7 天后删除，未导入的批次上传 30 天后删除；批次记录（条数、状态、操作人）保留',
      '离职相关短信的发送记录：30 天后删除',
      '个人信息查看记录、简历查看记录：保存 3 年后删除',
      '登录凭证、验证码、扫码离职登记凭证、灵活用工人员登录状态：过期 1 天后删除',
      '签署证据（签署记录、时间戳、IP 等）：任务结束、验收与发放完成满 5 年后删除（《电子签名法》第二十四条：电子签名认证信息至少保存至失效后 5 年）；任务未结束的不会删除',
      '电子签署文件与签署流程记录：签署后文件随签署证据删除；未完成签署的流程（拒签、过期、撤销），任务结束满 1 年后删除',
      '实名认证结果：随引用它的签署证据保存；无签署的，任务结束满 1 年后删除',
      '交付照片：同签署证据，满 5 年后删除文件，交付记录中标明“已按保存期限删除”；未随交付提交或被新交付替换的照片，上传 30 天后删除',
      '灵活用工人员、发放与完税记录：属于会计档案，保存 30 年，不自动清理',
    ],
    settingTitle: '离职记录满 2 年后的处理方式',
    settingHint: '离职日期满 2 年之前的记录，无论如何设置都不会被处理。仅企业管理员可以修改。',
    actions: {
      anonymise: {
        label: '匿名化（默认）',
        hint: '删除姓名、身份证号、手机号，保留部门、岗位、入离职日期、离职类型等用于统计；离职证明保留编号以便核验真伪，员工的查看链接失效。',
      },
      purge: { label: '删除', hint: '删除离职记录及其离职证明、离职申请，数据面板的离职统计也不再计入，删除后无法恢复；此前已匿名化的记录也会一并删除。' },
    } as Record<string, { label: string; hint: string }>,
    save: '保存设置',
    unchanged: '设置未改变',
    byDefault: '当前为默认设置',
    changed: (by: string, at: string) => `最近由 ${by || '管理员'} 于 ${at} 修改`,
    confirmTitle: '确认修改处理方式',
    confirm: {
      anonymise: '改为「匿名化」后，离职满 2 年的离职记录将在下次清理时删除姓名、身份证号和手机号，匿名化后无法恢复。确定修改吗？',
      purge: '改为「删除」后，离职满 2 年的离职记录及其离职证明、离职申请将在下次清理时被永久删除，无法恢复。确定修改吗？',
    } as Record<string, string>,
    ok: '确认修改',
    cancel: '取消',
    history: '本企业清理记录',
    historyEmpty: '暂无清理记录',
    cols: { time: '清理时间', kind: '数据', action: '处理', rows: '条数' },
    kinds: {
      departure_records: '离职记录',
      departure_proofs: '离职证明',
      resignation_requests: '离职申请',
      import_files: '导入原文件与错误数据',
      dimission_sms: '通知短信发送记录（离职、灵活用工）',
      leave_tickets: '扫码离职登记凭证',
      worker_sessions: '灵活用工人员登录状态',
      pii_views: '个人信息查看记录',
      resume_views: '简历查看记录',
      sign_evidence: '签署证据',
      sign_flows: '电子签署流程记录',
      realname_checks: '实名认证结果',
      delivery_photos: '交付照片',
      unlinked_photos: '未提交的交付照片',
      messages: '站内消息',
    } as Record<string, string>,
    actionNames: { delete: '删除', anonymise: '匿名化', clear: '删除文件内容' } as Record<string, string>,
    loadFailed: '保存期限设置加载失败，请稍后重试',
  },
} as const;
