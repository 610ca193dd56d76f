/**
 * The departure area's text messages, one template each (sent by domain/notices.ts, which keeps
 * the name and the sealed parameters, never the text). `kind` is what the sandbox inbox and the
 * tests filter by.
 */
type P = Record<string, string>;

export const AREA_SMS = {
  approved: { kind: 'approved', text: (p: P) => `${p.sign}您的离职申请已同意，最后工作日${p.last_day}，工作交接人：${p.handover}。` },
  rejected: {
    kind: 'rejected',
    text: (p: P) => `${p.sign}您的离职申请已退回修改，原因：${p.reason}${p.link ? `，请修改后重新提交：${p.link}` : ''}`,
  },
  handover_urge: { kind: 'urge', text: (p: P) => `${p.sign}请于最后工作日${p.last_day}前与${p.handover}完成工作交接。` },
  proof_issued: {
    kind: 'proof',
    text: (p: P) => `${p.sign}您的离职证明（编号${p.serial}）已出具，请点击查看或下载：${p.link}`,
  },
  proof_urge: {
    kind: 'urge',
    text: (p: P) => `${p.sign}提醒：您的离职证明（编号${p.serial}）已出具，请及时查看：${p.link}`,
  },
  // 重新获取 of links that expired before issue 30 (links no longer expire): kept so a message queued then still reads
  proof_renew: { kind: 'proof', text: (p: P) => `${p.sign}您的离职证明（编号${p.serial}）新的查看链接：${p.link}` },
} as const;
