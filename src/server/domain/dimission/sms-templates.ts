/**
 * The departure area's text messages, one template each. The outbox (dimission_sms) keeps the
 * template's name and its parameters sealed, never the text: a proof link in a stored message is
 * a key to a proof (issue 28 item 2). `kind` is what the sandbox inbox and the tests filter by.
 */
import { PROOF_LINK_DAYS } from '../../../contract/dimission-rules';

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
    text: (p: P) => `${p.sign}您的离职证明（编号${p.serial}）已出具，请点击查看：${p.link}（${PROOF_LINK_DAYS}天内有效）`,
  },
  proof_urge: {
    kind: 'urge',
    text: (p: P) => `${p.sign}提醒：您的离职证明（编号${p.serial}）已出具，请及时查看：${p.link}（${PROOF_LINK_DAYS}天内有效）`,
  },
  proof_renew: {
    kind: 'proof',
    text: (p: P) => `${p.sign}您的离职证明（编号${p.serial}）新的查看链接：${p.link}（${PROOF_LINK_DAYS}天内有效）`,
  },
} as const;
export type AreaSmsTemplate = keyof typeof AREA_SMS;

/** The text of a stored message (the sandbox inbox; the provider's notice template takes it whole). */
export const areaSmsText = (template: string, params: P): string =>
  template in AREA_SMS ? AREA_SMS[template as AreaSmsTemplate].text(params) : (params.text ?? '');
