/**
 * The payout row's channel state machine (row-events.ts) over every ordered pair of arrivals, every
 * triple, and every arrival order of what the channel may really send: the end state depends on
 * the channel's events, not their arrival, and a row is refunded and logged once.
 */
import { describe, expect, it } from 'vitest';
import { run, step, type ChannelEvent, type Effect, type RowState } from './row-events';

const EVENTS: ChannelEvent[] = ['success', 'fail', 'bounce'];
const refunds = (effects: Effect[]) => effects.filter((e) => 'refund' in e);
const seqs = (n: number): ChannelEvent[][] => (n === 0 ? [[]] : seqs(n - 1).flatMap((s) => EVENTS.map((e) => [...s, e])));

describe('row-events: the payout row state machine', () => {
  it('every ordered pair of arrivals', () => {
    const table = Object.fromEntries(
      seqs(2).map((s) => {
        const r = run(s);
        return [
          s.join('→'),
          `${r.status}${r.held ? '+held' : ''} refunds:${refunds(r.effects)
            .map((e) => ('refund' in e ? e.refund : ''))
            .join(',')}`,
        ];
      }),
    );
    expect(table).toEqual({
      'success→success': 'success refunds:',
      'success→fail': 'success refunds:', // contradiction: the first outcome stands, logged as a conflict
      'success→bounce': 'bounced refunds:bounce_refund',
      'fail→success': 'failed refunds:refund', // contradiction
      'fail→fail': 'failed refunds:refund',
      'fail→bounce': 'failed refunds:refund', // a bounce presumes a success: conflict
      'bounce→success': 'bounced refunds:bounce_refund', // the early 退汇 is held, then applied
      'bounce→fail': 'failed refunds:refund', // the held 退汇 becomes a conflict
      'bounce→bounce': 'paying+held refunds:', // one held 退汇; the second is a duplicate
    });
  });

  it('what each second arrival becomes and logs', () => {
    const second = (a: ChannelEvent, b: ChannelEvent) => {
      const s = run([a]);
      return step({ status: s.status, held: s.held }, b);
    };
    expect(second('bounce', 'success')).toMatchObject({
      state: 'applied',
      release: 'applied',
      effects: [
        { log: 'applied', from: 'this' },
        { refund: 'bounce_refund', from: 'held' },
        { log: 'applied', from: 'held' },
      ],
    });
    expect(second('bounce', 'fail')).toMatchObject({ state: 'applied', release: 'conflict' });
    expect(second('bounce', 'fail').effects).toContainEqual({ log: 'conflict', from: 'held' });
    expect(second('success', 'fail')).toEqual({ status: 'success', held: false, state: 'conflict', effects: [{ log: 'conflict', from: 'this' }] });
    expect(second('fail', 'success')).toEqual({ status: 'failed', held: false, state: 'conflict', effects: [{ log: 'conflict', from: 'this' }] });
    expect(second('fail', 'bounce').state).toBe('conflict');
    for (const e of EVENTS) expect(second(e, e)).toMatchObject({ state: 'duplicate', effects: [] });
    expect(step({ status: 'paying', held: false }, 'bounce')).toMatchObject({ state: 'waiting', held: true, effects: [{ log: 'held', from: 'this' }] });
  });

  it('every sequence of up to four arrivals keeps the invariants: one refund exactly when failed or bounced; held only while paying', () => {
    for (const n of [1, 2, 3, 4]) {
      for (const s of seqs(n)) {
        const r = run(s);
        const want = r.status === 'failed' || r.status === 'bounced' ? 1 : 0;
        expect(refunds(r.effects).length, s.join('→')).toBe(want);
        if (r.held) expect(r.status, s.join('→')).toBe('paying');
        // a bounced row's refund is a bounce_refund, a failed row's a refund
        if (want) expect(refunds(r.effects)[0], s.join('→')).toMatchObject({ refund: r.status === 'bounced' ? 'bounce_refund' : 'refund' });
        // each arrival logs at most one line of its own, and a held 退汇 is logged at most twice (held, then applied or conflict)
        let held = 0;
        let st: RowState = { status: 'paying', held: false };
        for (const e of s) {
          const x = step(st, e);
          expect(x.effects.filter((f) => 'log' in f && f.from === 'this').length).toBeLessThanOrEqual(1);
          held += x.effects.filter((f) => 'log' in f && f.from === 'held').length;
          if (x.release) expect(st.held).toBe(true);
          st = { status: x.status, held: x.held };
        }
        expect(held).toBeLessThanOrEqual(1);
      }
    }
  });

  it('what the channel may really send ends the same whatever the arrival order, duplicates included', () => {
    const perms = <T>(xs: T[]): T[][] => (xs.length <= 1 ? [xs] : xs.flatMap((x, i) => perms([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p])));
    const cases: [ChannelEvent[], string][] = [
      [['success'], 'success'],
      [['fail'], 'failed'],
      [['success', 'bounce'], 'bounced'],
      [['success', 'success', 'bounce'], 'bounced'],
      [['success', 'bounce', 'bounce'], 'bounced'],
      [['success', 'success', 'bounce', 'bounce'], 'bounced'],
      [['fail', 'fail'], 'failed'],
      [['success', 'success'], 'success'],
    ];
    for (const [events, end] of cases) {
      for (const p of perms(events)) {
        const r = run(p);
        expect({ order: p.join('→'), status: r.status, held: r.held, refunds: refunds(r.effects).length }).toEqual({
          order: p.join('→'),
          status: end,
          held: false,
          refunds: end === 'success' ? 0 : 1,
        });
      }
    }
  });

  it('rows not with the channel (待发放, 已取消) take nothing', () => {
    for (const status of ['pending', 'cancelled'] as const)
      for (const e of EVENTS) expect(step({ status, held: false }, e)).toEqual({ status, held: false, state: 'ignored', effects: [] });
  });
});
