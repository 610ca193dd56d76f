/**
 * The message catalog, 消息中心 part (zh-CN.ts holds the shell's part; see its header): the bell,
 * its panel and /messages. Loaded with the bell after the first paint, never with the first route.
 */
export const tMessages = {
  bell: '消息',
  bellUnread: (n: number) => `消息（${n}条未读）`,
  title: '消息中心',
  readAll: '全部已读',
  seeAll: '查看全部消息',
  empty: '暂无消息',
  emptyUnread: '没有未读消息',
  loadFailed: '消息加载失败，请稍后重试',
  retry: '重试',
  more: '加载更多',
  unread: '未读',
  all: '全部',
  kindAll: '全部类型',
  kindLabel: '消息类型',
  close: '关闭',
  kinds: {
    application: '新投递',
    interview: '面试',
    signup: '任务报名',
    delivery: '交付待验收',
    resignation: '离职申请',
    batch_paid: '发放完成',
    batch_failed: '发放失败/退汇',
    approval: '发放待审批',
  },
} as const;
