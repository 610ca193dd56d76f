/**
 * Role prompts for gated actions (SPEC §6): which prompt a paid or company-only action shows.
 * Members may use gated actions (recruitment, flexible employment, departure, tax, interview
 * schedule); the tax service also needs the tax flag.
 */
import type { Member, User } from '../../../contract';

export type GatePrompt = 'noCompany' | 'inReview' | 'nonMember';

/** The prompt an action that needs a verified company shows, or null when allowed. */
export function companyGate(user: User | null): GatePrompt | null {
  if (!user || user.company_status === 'no_apply') return 'noCompany';
  if (user.company_status === 'apply') return 'inReview';
  return null;
}

/** The prompt a members-only action shows, or null when allowed. */
export function memberGate(user: User | null, member: Member | null): GatePrompt | null {
  return companyGate(user) ?? (member?.company_lv ? null : 'nonMember');
}
