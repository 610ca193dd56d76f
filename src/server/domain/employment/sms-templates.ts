/**
 * Flexible employment's text messages to workers, one template each (sent by domain/notices.ts,
 * which keeps the name and the sealed parameters, never the text). Each link opens the worker's
 * own page of that task. `kind` is what the sandbox inbox and the tests filter by.
 */
type P = Record<string, string>;

export const FLEX_SMS = {
  flex_invite_sign: { kind: 'flex_invite', text: (p: P) => `${p.sign}您已被添加到任务「${p.task}」，请点击完成签约：${p.link}` },
  flex_invite: { kind: 'flex_invite', text: (p: P) => `${p.sign}您已被添加到任务「${p.task}」，任务详情与交付请点击：${p.link}` },
  flex_signup: { kind: 'flex_signup', text: (p: P) => `${p.sign}您已报名任务「${p.task}」，进度请点击查看：${p.link}` },
  flex_hired: { kind: 'flex_hired', text: (p: P) => `${p.sign}您报名的任务「${p.task}」已录用，请点击查看：${p.link}` },
  flex_urge_sign: { kind: 'flex_urge', text: (p: P) => `${p.sign}提醒：请尽快签署任务「${p.task}」的协议：${p.link}` },
  flex_accepted: { kind: 'flex_review', text: (p: P) => `${p.sign}您在任务「${p.task}」的交付已通过验收，报酬将按约定发放。` },
  flex_rejected: {
    kind: 'flex_review',
    text: (p: P) => `${p.sign}您在任务「${p.task}」的交付未通过验收，原因：${p.reason}。请修改后重新交付：${p.link}`,
  },
  flex_paid: { kind: 'flex_paid', text: (p: P) => `${p.sign}您的任务报酬${p.amount}元已发放至${p.account}，请注意查收。` },
} as const;
