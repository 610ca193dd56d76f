import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { session } from '../session';
import { useFormDraft } from './draft';

afterEach(() => {
  localStorage.clear();
  session.user = null;
});

const blank = { name: '', amount: '' };

describe('useFormDraft', () => {
  it('keeps every change per user and form, restores it on return, and discards it', () => {
    session.user = { id: 7 } as typeof session.user;
    const first = renderHook(() => useFormDraft('invoice', null, blank));
    act(() => first.result.current[1]((v) => ({ ...v, name: '杭州云帆' })));
    expect(JSON.parse(localStorage.getItem('invoiceDraft:7:new')!).values.name).toBe('杭州云帆');
    first.unmount();

    // a reload, or a login after a session expiry: the form comes back filled
    const again = renderHook(() => useFormDraft('invoice', null, blank));
    expect(again.result.current[0].name).toBe('杭州云帆');
    expect(again.result.current[2].restored).toBe(true);
    // another user or another form does not see it
    expect(renderHook(() => useFormDraft('task', null, blank)).result.current[0].name).toBe('');

    act(() => again.result.current[2].discard());
    expect(again.result.current[0]).toEqual(blank);
    expect(localStorage.getItem('invoiceDraft:7:new')).toBeNull();
  });

  it('a change back to the initial values removes the draft; saved() forgets it', () => {
    session.user = { id: 8 } as typeof session.user;
    const h = renderHook(() => useFormDraft('company', 3, blank));
    act(() => h.result.current[1]({ name: 'x', amount: '' }));
    expect(localStorage.getItem('companyDraft:8:3')).not.toBeNull();
    act(() => h.result.current[1](blank));
    expect(localStorage.getItem('companyDraft:8:3')).toBeNull();
    act(() => h.result.current[1]({ name: 'y', amount: '' }));
    act(() => h.result.current[2].saved());
    expect(localStorage.getItem('companyDraft:8:3')).toBeNull();
  });
});
