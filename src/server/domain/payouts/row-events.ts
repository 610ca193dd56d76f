/**
 * A payout row's channel results as one explicit state machine (issue 28 item 6), pure so every
 * arrival order can be tested without a database (row-events.test.ts). channel.ts applies its
 * answer under the row's lock.
 *
 * The channel's order of a row's events is: one outcome — 发放成功 or 发放失败, never both — and,
 * after a success only, possibly a 退汇. Callbacks may arrive in any order (a job retried after a
 * later one ran), so:
 *  - a 退汇 arriving while the row is still 发放中 is held (its callback kept as `waiting`) and
 *    applied when its success arrives: the row ends 已退汇, refunded once, both lines logged;
 *  - success and fail of one row contradict each other whatever their `ts`: the first applied stands
 *    and the other is a `conflict` — not applied, one 操作日志 line for the operator to take up with
 *    the channel. Money is never reversed automatically (undoing a 失败 would take back a refund
 *    that 失败重发 may already have paid out again; undoing a 成功 would refund money the person got);
 *  - a fail arriving while a 退汇 is held: the fail is applied (refunded once) and the held 退汇
 *    becomes a conflict (a bounce presumes a success the channel has now denied);
 *  - a result the row already has is a `duplicate` and changes nothing; so is a second held 退汇.
 * Every effect therefore happens once per row: the refund only with a move into 失败/已退汇, which
 * no state leaves.
 */
import type { RowStatus } from '../../../contract/payouts-rules';

export type ChannelEvent = 'success' | 'fail' | 'bounce';
export type CallbackState = 'applied' | 'waiting' | 'duplicate' | 'conflict' | 'ignored';

export interface RowState {
  status: RowStatus;
  /** a 退汇 is held for this row (a callback in state `waiting`) */
  held: boolean;
}
/** which callback an effect is about: the one arriving, or the held 退汇 */
export type Source = 'this' | 'held';
export type Effect = { refund: 'refund' | 'bounce_refund'; from: Source } | { log: 'applied' | 'held' | 'conflict'; from: Source };

export interface Step extends RowState {
  /** what the arriving callback becomes */
  state: CallbackState;
  /** what the held 退汇 becomes, when this step releases it */
  release?: 'applied' | 'conflict';
  effects: Effect[];
}

const same = (s: RowState, state: CallbackState, effects: Effect[] = []): Step => ({ ...s, state, effects });

/** The row's next state and the effects, in order, of one arriving channel event. */
export function step(s: RowState, e: ChannelEvent): Step {
  switch (s.status) {
    case 'paying':
      if (e === 'success')
        return s.held
          ? {
              status: 'bounced',
              held: false,
              state: 'applied',
              release: 'applied',
              effects: [
                { log: 'applied', from: 'this' },
                { refund: 'bounce_refund', from: 'held' },
                { log: 'applied', from: 'held' },
              ],
            }
          : { status: 'success', held: false, state: 'applied', effects: [{ log: 'applied', from: 'this' }] };
      if (e === 'fail')
        return {
          status: 'failed',
          held: false,
          state: 'applied',
          ...(s.held ? { release: 'conflict' as const } : {}),
          effects: [
            { refund: 'refund', from: 'this' },
            { log: 'applied', from: 'this' },
            ...(s.held ? [{ log: 'conflict' as const, from: 'held' as const }] : []),
          ],
        };
      return s.held ? same(s, 'duplicate') : { status: 'paying', held: true, state: 'waiting', effects: [{ log: 'held', from: 'this' }] };
    case 'success':
      if (e === 'bounce')
        return {
          status: 'bounced',
          held: false,
          state: 'applied',
          effects: [
            { refund: 'bounce_refund', from: 'this' },
            { log: 'applied', from: 'this' },
          ],
        };
      return e === 'success' ? same(s, 'duplicate') : same(s, 'conflict', [{ log: 'conflict', from: 'this' }]);
    case 'failed':
      return e === 'fail' ? same(s, 'duplicate') : same(s, 'conflict', [{ log: 'conflict', from: 'this' }]);
    case 'bounced':
      // its success and its 退汇 are both in; a fail contradicts the success
      return e === 'fail' ? same(s, 'conflict', [{ log: 'conflict', from: 'this' }]) : same(s, 'duplicate');
    default:
      // 待发放 or 已取消: not with the channel (the old rule: recorded, nothing moves)
      return same(s, 'ignored');
  }
}

/** Folds a sequence of arrivals from a row's start (for tests and reasoning). */
export function run(events: ChannelEvent[], from: RowState = { status: 'paying', held: false }) {
  let s: RowState = from;
  const effects: Effect[] = [];
  for (const e of events) {
    const r = step(s, e);
    effects.push(...r.effects);
    s = { status: r.status, held: r.held };
  }
  return { ...s, effects };
}
