import { call, callWithMsg } from '../../shared/lib/http';
import type { InviteRef } from '../../shared/dialogs/recruit';
import type { InviteForm } from './lib/rules';

/** GET talent/invite/{id}: what the dialog pre-fills (silent: the dialog shows its own error). */
export const loadInviteInfo = (ref: InviteRef) => call('inviteInfo', { params: { id: ref.id }, query: { type: ref.type } });

/** POST talent/invite/{id}; resolves with the envelope msg, the success text (SPEC §7). */
export async function sendInvite(id: number, f: InviteForm): Promise<string> {
  const { msg } = await callWithMsg('invite', {
    params: { id },
    body: {
      type: f.type,
      job_id: f.type === 'user' ? (f.job_id ?? undefined) : undefined,
      pick_time: f.pick_time,
      address: f.address,
      contacts_name: f.contacts_name,
      contacts_tel: f.contacts_tel,
      remark: f.remark,
    },
  });
  return msg;
}

/** POST index/plan: one day's interviews grouped by time. */
export const loadDaySchedule = (date: string) => call('planDay', { body: { date } });
