import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { busy, markBusy } from '../shared/lib/busy';
import { pwa, promptInstall, watchInstall } from './pwa-state';
import { renderWithTheme } from './testing';
import UpdateBar from './UpdateBar';

afterEach(() => {
  pwa.update = null;
  pwa.confirmBusy = false;
  pwa.applying = false;
  pwa.installable = false;
  for (const k of Object.keys(busy.reasons)) delete busy.reasons[k];
});

describe('UpdateBar', () => {
  it('shows nothing until a new version is announced', () => {
    renderWithTheme(<UpdateBar />);
    expect(screen.queryByTestId('update-bar')).toBeNull();
  });

  it('announces the new version with 立即更新 and 稍后; 稍后 hides it', async () => {
    pwa.update = 'waiting';
    renderWithTheme(<UpdateBar />);
    expect(screen.getByText('发现新版本')).toBeTruthy();
    expect(screen.getByText('企业服务平台已更新，重新加载即可使用新版本。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '立即更新' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '稍后' })));
    expect(pwa.update).toBeNull();
    expect(screen.queryByTestId('update-bar')).toBeNull();
  });

  it('with unsaved input or an upload running, the first click names the risk instead of reloading', async () => {
    pwa.update = 'reload';
    const done = markBusy('upload');
    renderWithTheme(<UpdateBar />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '立即更新' })));
    expect(pwa.applying).toBe(false);
    expect(pwa.confirmBusy).toBe(true);
    expect(screen.getByText('有未完成的操作')).toBeTruthy();
    expect(screen.getByText(/未保存的内容或正在上传的文件/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '仍然更新' })).toBeTruthy();
    done();
  });
});

describe('install offer', () => {
  it('keeps the browser offer for the user menu and uses it once', async () => {
    const target = new EventTarget() as unknown as Window;
    const stop = watchInstall(target);
    const prompt = vi.fn(() => Promise.resolve());
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    target.dispatchEvent(offer);
    expect(offer.defaultPrevented).toBe(true);
    expect(pwa.installable).toBe(true);
    await expect(promptInstall()).resolves.toBe('accepted');
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(pwa.installable).toBe(false);
    await expect(promptInstall()).resolves.toBe('unavailable');
    target.dispatchEvent(Object.assign(new Event('beforeinstallprompt'), { prompt, userChoice: Promise.resolve({ outcome: 'dismissed' }) }));
    target.dispatchEvent(new Event('appinstalled'));
    expect(pwa.installable).toBe(false);
    stop();
  });
});
