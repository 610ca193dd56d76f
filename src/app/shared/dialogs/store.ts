/** Global dialogs of the shell (ARCHITECTURE §1): role prompts, VIP purchase, CRC rules. */
import { proxy } from 'valtio';
import { companyGate, memberGate, type GatePrompt } from '../lib/gates';
import { session } from '../session/store';

export interface DialogState {
  /** the role prompt showing (SPEC §6), or null */
  gate: GatePrompt | null;
  /** the VIP purchase dialog (开通企业会员) */
  vip: boolean;
  /** the CRC rules dialog */
  crcRules: boolean;
  /** the invoice dialog: the company's invoice details, or an order's invoice (after a payment) */
  invoice: { orderId: string | null; packName?: string } | null;
}

export const dialogs = proxy<DialogState>({ gate: null, vip: false, crcRules: false, invoice: null });

/** Before an action that needs a verified company: prompts and answers false when not allowed. */
export function requireCompany(): boolean {
  const prompt = companyGate(session.user);
  dialogs.gate = prompt;
  return prompt === null;
}

/** Before a members-only action (recruitment, flexible employment, departure, tax, interview schedule). */
export function requireMember(): boolean {
  const prompt = memberGate(session.user, session.member);
  dialogs.gate = prompt;
  return prompt === null;
}

export function openVip(): void {
  dialogs.gate = null;
  dialogs.vip = true;
}

/** The invoice dialog; with an order id it asks for that order's invoice. */
export function openInvoice(orderId: string | null = null, packName?: string): void {
  dialogs.invoice = { orderId, packName };
}

export function openCrcRules(): void {
  dialogs.crcRules = true;
}
