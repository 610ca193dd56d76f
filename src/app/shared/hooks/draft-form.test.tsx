import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { toast } from '../lib/notify';
import { session } from '../session';
import { useDraftForm } from './draft-form';

vi.mock('../lib/notify', () => ({ toast: vi.fn() }));

afterEach(() => {
  localStorage.clear();
  session.user = null;
  vi.mocked(toast).mockClear();
});

const blank = { name: '', pay: '' };
const opts = (id: number | null, load = async (_: number) => ({ name: '地推', pay: '120' }), onLoadFailed = () => {}) => ({
  form: 'task',
  id,
  blank,
  load,
  onLoadFailed,
  restoredMessage: '已恢复您上次未提交的内容',
});

describe('useDraftForm', () => {
  it('a new form: every change kept under <form>Draft:<user>:new, given back with a toast, 清空 forgets it', async () => {
    session.user = { id: 7 } as typeof session.user;
    const first = renderHook(() => useDraftForm(opts(null)));
    expect(first.result.current.base).toEqual(blank);
    act(() => first.result.current.set({ name: '门店盘点' }));
    await waitFor(() => expect(JSON.parse(localStorage.getItem('taskDraft:7:new')!).values).toEqual({ name: '门店盘点', pay: '' }));
    expect(first.result.current.restored).toBe(false);
    first.unmount();

    const again = renderHook(() => useDraftForm(opts(null)));
    await waitFor(() => expect(again.result.current.values.name).toBe('门店盘点'));
    expect(again.result.current.restored).toBe(true);
    expect(toast).toHaveBeenCalledWith('info', '已恢复您上次未提交的内容');
    act(() => again.result.current.discard());
    expect(again.result.current.values).toEqual(blank);
    expect(again.result.current.restored).toBe(false);
    expect(localStorage.getItem('taskDraft:7:new')).toBeNull();
  });

  it('an edit: starts from the loaded object, a kept draft wins; saved() makes what was saved the base and forgets the draft', async () => {
    session.user = { id: 7 } as typeof session.user;
    localStorage.setItem('taskDraft:7:5', JSON.stringify({ at: Date.now(), values: { name: '地推（改）', pay: '120' } }));
    const h = renderHook(() => useDraftForm(opts(5)));
    expect(h.result.current.base).toBeNull();
    await waitFor(() => expect(h.result.current.values.name).toBe('地推（改）'));
    expect(h.result.current.base).toEqual({ name: '地推', pay: '120' });
    expect(h.result.current.restored).toBe(true);
    act(() => h.result.current.saved());
    expect(h.result.current.base).toEqual({ name: '地推（改）', pay: '120' });
    expect(h.result.current.restored).toBe(false);
    await waitFor(() => expect(localStorage.getItem('taskDraft:7:5')).toBeNull());
    // back to the base: nothing kept
    act(() => h.result.current.set({ pay: '130' }));
    await waitFor(() => expect(localStorage.getItem('taskDraft:7:5')).not.toBeNull());
    act(() => h.result.current.set({ pay: '120' }));
    await waitFor(() => expect(localStorage.getItem('taskDraft:7:5')).toBeNull());
  });

  it('another object (?id= changes): its own values, then its own kept draft', async () => {
    session.user = { id: 7 } as typeof session.user;
    localStorage.setItem('taskDraft:7:6', JSON.stringify({ at: Date.now(), values: { name: '六号的草稿', pay: '' } }));
    const load = async (n: number) => ({ name: `任务${n}`, pay: '' });
    const h = renderHook(({ id }) => useDraftForm(opts(id, load)), { initialProps: { id: 5 } });
    await waitFor(() => expect(h.result.current.values.name).toBe('任务5'));
    expect(h.result.current.restored).toBe(false);
    h.rerender({ id: 6 });
    await waitFor(() => expect(h.result.current.values.name).toBe('六号的草稿'));
    expect(h.result.current.base).toEqual({ name: '任务6', pay: '' });
    expect(h.result.current.restored).toBe(true);
    expect(localStorage.getItem('taskDraft:7:5')).toBeNull();
  });

  it('an object that cannot be loaded: onLoadFailed, nothing kept', async () => {
    session.user = { id: 7 } as typeof session.user;
    const failed = vi.fn();
    const h = renderHook(() => useDraftForm(opts(9, () => Promise.reject(new Error('任务不存在')), failed)));
    await waitFor(() => expect(failed).toHaveBeenCalledTimes(1));
    expect(h.result.current.base).toBeNull();
    expect(localStorage.getItem('taskDraft:7:9')).toBeNull();
  });
});
