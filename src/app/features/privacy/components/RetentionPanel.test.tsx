import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { RetentionData } from '../../../../contract/retention';
import { RetentionPanel } from './RetentionPanel';

const data: RetentionData = {
  departure_action: 'anonymise',
  departure_years: 2,
  updated_at: null,
  updated_by: '',
  runs: [{ kind: 'import_files', action: 'clear', rows: 3, ran_at: '2026-03-01 03:17:05' }],
};
const api = vi.hoisted(() => ({ loadRetention: vi.fn(), saveRetention: vi.fn() }));
vi.mock('../api', () => api);

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('RetentionPanel (保存期限)', () => {
  it('shows the setting, the rules and the company’s purge history in Chinese', async () => {
    api.loadRetention.mockResolvedValue(data);
    render(<RetentionPanel />);
    expect(await screen.findByText('离职记录满 2 年后的处理方式')).toBeTruthy();
    expect((screen.getByRole('radio', { name: '匿名化（默认）' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('当前为默认设置')).toBeTruthy();
    expect(screen.getByText('导入原文件与错误数据')).toBeTruthy();
    expect(screen.getByText('删除文件内容')).toBeTruthy();
    // nothing changed yet: nothing to save
    expect((screen.getByTestId('retention-save') as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks before changing to 删除, then saves and shows who changed it', async () => {
    api.loadRetention.mockResolvedValue(data);
    api.saveRetention.mockResolvedValue({
      data: { ...data, departure_action: 'purge', updated_at: '2026-03-02 10:00:00', updated_by: '王丽娟' },
      msg: '保存期限设置已保存',
    });
    render(<RetentionPanel />);
    fireEvent.click(await screen.findByRole('radio', { name: '删除' }));
    fireEvent.click(screen.getByTestId('retention-save'));
    expect(await screen.findByText(/将在下次清理时被永久删除，无法恢复/)).toBeTruthy();
    expect(api.saveRetention).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('retention-confirm-ok'));
    await waitFor(() => expect(api.saveRetention).toHaveBeenCalledWith('purge'));
    expect(await screen.findByText('最近由 王丽娟 于 2026-03-02 10:00:00 修改')).toBeTruthy();
  });

  it('says so when the setting cannot be loaded', async () => {
    api.loadRetention.mockRejectedValue(new Error('403'));
    render(<RetentionPanel />);
    expect(await screen.findByText('保存期限设置加载失败，请稍后重试')).toBeTruthy();
  });
});
