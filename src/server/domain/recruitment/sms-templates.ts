/**
 * The candidate's text messages about an interview (issue 32 item 1), one template each (sent by
 * domain/notices.ts, which keeps the name and the sealed parameters, never the text). The link
 * opens the candidate's page of that interview (/m/interview/{token}), where they confirm or decline.
 */
type P = Record<string, string>;

export const RECRUIT_SMS = {
  interview_invite: {
    kind: 'interview',
    text: (p: P) => `${p.sign}${p.name}您好，邀请您于${p.time}参加「${p.job}」面试，地点：${p.address}，联系人：${p.contact}。请点击确认是否参加：${p.link}`,
  },
  interview_reschedule: {
    kind: 'interview',
    text: (p: P) => `${p.sign}您「${p.job}」的面试改期至${p.time}，地点：${p.address}，原因：${p.reason}。请点击确认是否参加：${p.link}`,
  },
  interview_cancel: { kind: 'interview', text: (p: P) => `${p.sign}很抱歉，原定${p.time}「${p.job}」的面试已取消，原因：${p.reason}。` },
} as const;
