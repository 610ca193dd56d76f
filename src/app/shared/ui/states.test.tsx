import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { EmptyState } from './EmptyState';
import { LogoLoader } from './LogoLoader';
import { OfflineState } from './OfflineState';

afterEach(() => vi.useRealTimers());

describe('LogoLoader', () => {
  it('shows the patient hint only after 5 s', () => {
    vi.useFakeTimers();
    render(<LogoLoader />);
    expect(screen.queryByTestId('loader-hint')).toBeNull();
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByTestId('loader-hint')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('loader-hint').textContent).toBe('请稍候，正在努力为您加载');
  });

  it('takes another delay', () => {
    vi.useFakeTimers();
    render(<LogoLoader hintAfterMs={100} />);
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByTestId('loader-hint')).toBeTruthy();
  });
});

describe('EmptyState and OfflineState', () => {
  it('says 暂无数据 by default and shows an action', () => {
    render(<EmptyState action={<button>去发布职位</button>} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
    expect(screen.getByRole('button', { name: '去发布职位' })).toBeTruthy();
  });

  it('offers 重新加载 when offline', () => {
    const reload = vi.fn();
    render(<OfflineState onReload={reload} />);
    expect(screen.getByText('网络不给力，请稍后重试')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
