/**
 * Who may be paid without a signed agreement (issue 29 item 5), the one rule every way of paying
 * calls: a task that asks for no signature (是否需签约 = 否) pays its accepted deliveries unsigned —
 * the task's choice holds all the way to the batch; a list paid outside a task (导入发放名单 and its
 * 失败重发) names people with no task, so each must have signed an agreement with the company.
 */
import { badRequest, type Refusal } from '../../lib/refusal';

export const unsignedMessage = (names: readonly string[]) => `${names.join('、')}尚未签署协议，不能发放`;

/** The refusal for `people` paid under `task` (null: a list outside a task), or null. */
export function unsignedRefusal(people: readonly { name: string; signed: boolean }[], task: { need_sign: boolean } | null): Refusal | null {
  if (task && !task.need_sign) return null;
  const unsigned = people.filter((p) => !p.signed);
  return unsigned.length ? badRequest(unsignedMessage(unsigned.map((p) => p.name))) : null;
}
