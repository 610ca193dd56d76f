// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { errorText } from './client';
import { activeCount } from './store';

describe('upload error words (messages.md)', () => {
  it('maps every SPEC §8 code to its Chinese words', () => {
    expect(errorText('EmptyFile')).toBe('文件为空，无法上传');
    expect(errorText('FileDuplication')).toBe('文件已在上传列表中');
    expect(errorText('UploadAlearyStarted')).toBe('上传已开始，请勿重复操作');
    expect(errorText('GetUploadAuthFailed')).toBe('获取上传凭证失败，请稍后重试');
    expect(errorText('ReadFileError')).toBe('读取文件失败');
    expect(errorText('InvalidParameter.TokenInvalid')).toBe('上传凭证无效');
    expect(errorText('InvalidParameter.EmptyValue')).toBe('参数不能为空');
  });
  it('never shows English from the store; keeps a Chinese detail', () => {
    expect(errorText('UploadFailed', 'InvalidObjectName: The specified object is not valid.')).toBe('上传失败，请稍后重试');
    expect(errorText('Whatever', '请重新选择该文件以继续上传')).toBe('请重新选择该文件以继续上传');
    expect(errorText('NetworkError')).toBe('网络连接中断，请检查网络后重试');
  });
  it('counts the files still to upload for the nav badge', () => {
    const items = { a: { state: 'Uploading' }, b: { state: 'Ready' }, c: { state: 'Success' }, d: { state: 'Stoped' } };
    expect(activeCount({ order: ['a', 'b', 'c', 'd'], items })).toBe(2);
  });
});
