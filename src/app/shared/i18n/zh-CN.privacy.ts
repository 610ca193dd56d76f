/**
 * The message catalog, 个人信息保护 part: 查看联系方式 in the resume and the company's record of
 * full views on /account. Loaded with those pages, not with the first route.
 */
export const tPrivacy = {
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
    intro: '按照《个人信息保护法》，企业成员每次查看完整的手机号、身份证号、银行卡号都会记录在这里（谁、查看了谁、何时、原因），仅管理员可见。',
    cols: { viewer: '查看人', subject: '被查看人', field: '信息', reason: '原因', time: '查看时间' },
    fields: { mobile: '手机号', id_card: '身份证号', bank_card: '银行卡号' } as Record<string, string>,
    empty: '暂无数据',
    adminOnly: '仅企业管理员可查看个人信息查看记录',
    prev: '上一页',
    next: '下一页',
    page: (p: number, pages: number, total: number) => `第 ${p} / ${pages} 页，共 ${total} 条`,
    loadFailed: '加载失败，请稍后重试',
  },
} as const;
