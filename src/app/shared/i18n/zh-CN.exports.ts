/** Streamed exports (issue 34): the progress of a long download and its refusals. */
export const tExports = {
  title: '正在导出',
  rows: (n: number) => `共 ${n.toLocaleString('zh-CN')} 行`,
  received: (mb: string) => `已接收 ${mb} MB`,
  cancel: '取消',
  cancelled: '已取消导出',
  failed: '导出中断，请重试',
};
