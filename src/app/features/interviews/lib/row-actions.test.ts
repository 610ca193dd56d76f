import { describe, expect, it } from 'vitest';
import { pickTimeOf, rowActions } from './row-actions';

describe('interview row actions', () => {
  it('shows two, puts the rest under 更多, and offers 录用 after 通过 until hired', () => {
    expect(
      rowActions({
        actions: ['confirm', 'decline', 'reschedule', 'cancel', 'check_in', 'no_show'],
        verdict: null,
        application_id: 1,
        application_status: 'invited',
      }),
    ).toEqual({
      shown: ['confirm', 'check_in'],
      more: ['reschedule', 'cancel', 'decline', 'no_show'],
    });
    expect(rowActions({ actions: [], verdict: 'pass', application_id: 1, application_status: 'invited' })).toEqual({ shown: ['hire'], more: [] });
    expect(rowActions({ actions: [], verdict: 'pass', application_id: 1, application_status: 'hired' })).toEqual({ shown: [], more: [] });
    expect(rowActions({ actions: [], verdict: 'fail', application_id: 1, application_status: 'unsuitable' })).toEqual({ shown: [], more: [] });
  });

  it('joins the date and time inputs into the API time', () => {
    expect(pickTimeOf('2026-12-01', '14:30')).toBe('2026-12-01 14:30:00');
    expect(pickTimeOf('', '14:30')).toBeNull();
    expect(pickTimeOf('2026-12-01', '')).toBeNull();
  });
});
