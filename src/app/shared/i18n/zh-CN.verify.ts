/**
 * The message catalog, 签署文件校验 part (zh-CN.ts holds the shell's part; see its header): the
 * public check of a signed file (/m/verify). Loaded with that page only.
 */
export const tVerify = {
  title: '签署文件校验',
  intro: '选择签署的协议原文（PDF）、签署后的文件（PDF）或证据包中的 签署记录.json，核对其是否与本平台保存的签署一致。',
  local: '文件仅在本机计算摘要（SHA-256），不会上传；仅摘要用于查询。',
  pick: '选择文件',
  pickAgain: '重新选择',
  file: '文件',
  size: '大小',
  hash: 'SHA-256 摘要',
  hashing: (pct: number) => `正在计算摘要… ${pct}%`,
  querying: '正在核对…',
  readFailed: '读取文件失败，请重新选择',
  empty: '文件为空，请重新选择',
  queryFailed: '核对失败，请稍后重试',
  retry: '重试',
  result: {
    recordTitle: '签署记录一致',
    record: (company: string, agreement: string, version: number, signer: string, at: string, tsTime: string, tsOk: boolean) =>
      `该签署记录与 ${company}《${agreement}》第${version}版 的签署一致：签署人 ${signer}，签署时间 ${at}，可信时间戳 ${tsTime || '—'}（${tsOk ? '有效' : '无效'}）`,
    signedTitle: '签署后文件一致',
    signed: (company: string, agreement: string, version: number, signer: string, at: string, tsTime: string, tsOk: boolean) =>
      `该文件与 ${company}《${agreement}》第${version}版 经 e签宝 签署后交付的文件一致：签署人 ${signer}，签署时间 ${at}，可信时间戳 ${tsTime || '—'}（${tsOk ? '有效' : '无效'}）`,
    agreementTitle: '协议原文一致',
    agreement: (company: string, agreement: string, version: number, n: number) =>
      `该文件与 ${company}《${agreement}》第${version}版 原文一致，已有 ${n} 人签署`,
    noneTitle: '未找到一致的签署文件',
    none: '本平台没有与该文件一致的签署记录、签署后文件或协议原文。该文件可能已被修改，或并非本平台签署的文件；请使用签署时的原始文件重新校验。',
    tsBad: '可信时间戳校验未通过，请谨慎对待该签署',
  },
};
