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

export type ApplyStatus = 'pending' | 'viewed' | 'invited' | 'unsuitable' | 'hired';

/** A row of the list the résumé was opened from (issue 32: act on it, 上一份/下一份 through the list). */
export interface ResumeRow {
  candidate: number;
  apply: number;
  name: string;
  title: string;
  status: ApplyStatus;
}

export interface RecruitDialogState {
  /** candidate id of the resume preview */
  resume: number | null;
  /** the list the résumé was opened from, and which of its rows is open; null from the hall */
  resumeRows: ResumeRow[] | null;
  resumeIndex: number;
  /** statuses changed since the list loaded (application id → status): the list updates in place */
  applyStatus: Record<number, ApplyStatus>;
  certificate: CertificateRef | null;
  /** company id of the company info dialog */
  company: number | null;
  invite: InviteRef | null;
  /** bumped after each invitation sent: lists showing invitations reload */
  inviteSent: number;
}

export const recruitDialogs = proxy<RecruitDialogState>({
  resume: null,
  resumeRows: null,
  resumeIndex: 0,
  applyStatus: {},
  certificate: null,
  company: null,
  invite: null,
  inviteSent: 0,
});

/** Resumes are company data: a verified company is needed (SPEC §6 prompts otherwise). */
export function openResume(candidateId: number, list?: { rows: ResumeRow[]; index: number }): void {
  if (!requireCompany()) return;
  recruitDialogs.resumeRows = list?.rows ?? null;
  recruitDialogs.resumeIndex = list?.index ?? 0;
  recruitDialogs.resume = candidateId;
}

/** 上一份/下一份: the row `step` away in the list the résumé was opened from. */
export function stepResume(step: number): void {
  const rows = recruitDialogs.resumeRows;
  const i = recruitDialogs.resumeIndex + step;
  if (!rows || i < 0 || i >= rows.length) return;
  recruitDialogs.resumeIndex = i;
  recruitDialogs.resume = rows[i]!.candidate;
}

/** An application's new status, shown at once by the list behind the dialog. */
export function patchApply(id: number, status: ApplyStatus): void {
  recruitDialogs.applyStatus[id] = status;
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
