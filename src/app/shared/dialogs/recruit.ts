/**
 * The recruitment area's global dialogs (ARCHITECTURE §1: resume preview, certificate image,
 * company info) and the interview invitation, opened from any page (hall, applications, the
 * resume itself). Kept beside store.ts so the areas do not edit one file.
 */
import { proxy } from 'valtio';
import { requireCompany, requireMember } from './store';

export interface CertificateRef {
  /** the signed `no8_pic` URL */
  url: string;
  /** whose proof, for the title: 张三 · 杭州某公司 */
  caption: string;
}

export interface InviteRef {
  /** type user: the candidate id; type intention: the application id */
  id: number;
  type: 'user' | 'intention';
}

export interface RecruitDialogState {
  /** candidate id of the resume preview */
  resume: number | null;
  certificate: CertificateRef | null;
  /** company id of the company info dialog */
  company: number | null;
  invite: InviteRef | null;
  /** bumped after each invitation sent: lists showing invitations reload */
  inviteSent: number;
}

export const recruitDialogs = proxy<RecruitDialogState>({ resume: null, certificate: null, company: null, invite: null, inviteSent: 0 });

/** Resumes are company data: a verified company is needed (SPEC §6 prompts otherwise). */
export function openResume(candidateId: number): void {
  if (!requireCompany()) return;
  recruitDialogs.resume = candidateId;
}

export function openCertificate(ref: CertificateRef): void {
  recruitDialogs.certificate = ref;
}

export function openCompanyInfo(companyId: number): void {
  recruitDialogs.company = companyId;
}

/** Inviting is a paid feature: the member prompt shows before the form. */
export function openInvite(ref: InviteRef): void {
  if (!requireMember()) return;
  recruitDialogs.invite = ref;
}

export function inviteSent(): void {
  recruitDialogs.invite = null;
  recruitDialogs.inviteSent += 1;
}
