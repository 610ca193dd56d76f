// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  defaultDay,
  firstEnabledDay,
  initialPick,
  isDayDisabled,
  pickDate,
  pickTime,
  pickValue,
  trimForm,
  validateInvite,
  type InviteForm,
} from './rules';

const at = (s: string) => new Date(s).getTime();

describe('picker cutoff: days earlier than one day before now are disabled', () => {
  const now = at('2026-11-21T14:30:00');
  it('today and later are enabled, the day before yesterday is not', () => {
    expect(isDayDisabled(new Date('2026-11-21T00:00:00'), now)).toBe(false);
    expect(isDayDisabled(new Date('2026-11-25T00:00:00'), now)).toBe(false);
    expect(isDayDisabled(new Date('2026-11-19T00:00:00'), now)).toBe(true);
  });
  it('yesterday is disabled because its midnight lies more than a day back', () => {
    expect(isDayDisabled(new Date('2026-11-20T00:00:00'), now)).toBe(true);
    expect(isDayDisabled(new Date('2026-11-20T23:59:00'), now)).toBe(true);
  });
  it('exactly at midnight, yesterday is still inside the cutoff', () => {
    const midnight = at('2026-11-21T00:00:00');
    expect(isDayDisabled(new Date('2026-11-20T00:00:00'), midnight)).toBe(false);
    expect(firstEnabledDay(midnight)).toEqual(new Date('2026-11-20T00:00:00'));
  });
  it('the first enabled day agrees with isDayDisabled', () => {
    for (const n of [now, at('2026-11-21T00:00:01'), at('2026-12-31T23:59:59'), at('2026-03-01T08:00:00')]) {
      const first = firstEnabledDay(n);
      expect(isDayDisabled(first, n)).toBe(false);
      expect(isDayDisabled(new Date(first.getTime() - DAY_MS / 2), n)).toBe(true);
    }
  });
});

describe('09:00:00 default and the date-only rule', () => {
  it('starts empty with 09:00:00 waiting and the calendar on today', () => {
    const s = initialPick();
    expect(s.time).toBe('09:00:00');
    expect(pickValue(s)).toBe('');
    expect(defaultDay(at('2026-11-21T14:30:00'))).toEqual(new Date('2026-11-21T00:00:00'));
  });
  it('a date picked without touching the time gives 09:00:00', () => {
    const s = pickDate(initialPick(), new Date('2026-11-23T17:45:12'));
    expect(pickValue(s)).toBe('2026-11-23 09:00:00');
    // picking another date still keeps 09:00:00
    expect(pickValue(pickDate(s, new Date('2026-11-24T00:00:00')))).toBe('2026-11-24 09:00:00');
  });
  it('a time the user chose survives a later date change', () => {
    let s = pickDate(initialPick(), new Date('2026-11-23T00:00:00'));
    s = pickTime(s, '14:30');
    expect(pickValue(s)).toBe('2026-11-23 14:30:00');
    s = pickDate(s, new Date('2026-11-25T00:00:00'));
    expect(pickValue(s)).toBe('2026-11-25 14:30:00');
  });
  it('seconds are kept; a garbage or empty time is ignored; clearing the date empties the value', () => {
    let s = pickTime(initialPick(), '10:15:30');
    expect(s.time).toBe('10:15:30');
    s = pickTime(s, '');
    expect(s.time).toBe('10:15:30');
    s = pickTime(s, '25:99:99x');
    expect(s.time).toBe('10:15:30');
    s = pickDate(pickDate(s, new Date('2026-11-23T00:00:00')), null);
    expect(pickValue(s)).toBe('');
  });
});

describe('the five checks in the SPEC order', () => {
  const empty: InviteForm = { type: 'user', job_id: null, pick_time: '', address: '', contacts_name: '', contacts_tel: '', remark: '' };
  it('warns on the first failure as each field is filled', () => {
    const steps: [Partial<InviteForm>, string | null][] = [
      [{}, '请选择面试职位'],
      [{ job_id: 3 }, '请选择面试时间'],
      [{ pick_time: '2026-11-23 09:00:00' }, '请填写面试地点'],
      [{ address: '文三路478号' }, '请填写联系人姓名'],
      [{ contacts_name: '王丽娟' }, '请填写联系方式'],
      [{ contacts_tel: '13800000001' }, null],
    ];
    let f = empty;
    for (const [patch, msg] of steps) {
      f = { ...f, ...patch };
      expect(validateInvite(f)).toBe(msg);
    }
  });
  it('type intention skips the position check', () => {
    expect(validateInvite({ ...empty, type: 'intention' })).toBe('请选择面试时间');
  });
  it('blank text counts as empty; the form is trimmed before sending', () => {
    const f: InviteForm = { ...empty, job_id: 1, pick_time: '2026-11-23 09:00:00', address: '   ', contacts_name: '王', contacts_tel: '1' };
    expect(validateInvite(f)).toBe('请填写面试地点');
    expect(validateInvite({ ...f, address: ' x ', contacts_name: '\t' })).toBe('请填写联系人姓名');
    expect(validateInvite({ ...f, address: 'x', contacts_tel: '  ' })).toBe('请填写联系方式');
    expect(trimForm({ ...f, address: '  文三路 ', remark: ' 带简历 ' })).toMatchObject({ address: '文三路', remark: '带简历' });
  });
});
