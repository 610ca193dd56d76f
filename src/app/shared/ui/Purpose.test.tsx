import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { PurposeDialog } from './Purpose';

afterEach(cleanup);

describe('PurposeDialog (查看原因)', () => {
  it('says what is missing, then sends the chosen purpose', () => {
    const onConfirm = vi.fn();
    render(<PurposeDialog open onCancel={() => {}} onConfirm={onConfirm} />);
    fireEvent.click(screen.getByTestId('purpose-ok'));
    expect(screen.getByText('请选择或填写查看原因')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('radio', { name: '开具证明材料' }));
    fireEvent.click(screen.getByTestId('purpose-ok'));
    expect(onConfirm).toHaveBeenCalledWith('开具证明材料');
  });

  it('其他 sends what was typed, trimmed; too short is refused', () => {
    const onConfirm = vi.fn();
    render(<PurposeDialog open onCancel={() => {}} onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('radio', { name: '其他' }));
    fireEvent.change(screen.getByTestId('purpose-other'), { target: { value: '查' } });
    fireEvent.click(screen.getByTestId('purpose-ok'));
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('purpose-other'), { target: { value: ' 员工申请补开收入证明 ' } });
    fireEvent.click(screen.getByTestId('purpose-ok'));
    expect(onConfirm).toHaveBeenCalledWith('员工申请补开收入证明');
  });
});
