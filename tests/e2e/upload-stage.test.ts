/**
 * Resume without picking the file again where the browser keeps no file handle (issue 19 item 6):
 * `showOpenFilePicker` is removed from the page (as in Firefox or Safari), the user opts in to
 * 在本机暂存上传中的文件, a video is copied into OPFS while it uploads, the page reloads mid-upload
 * and the upload goes on from the staged copy with no 选择文件; the stored object is the file
 * (CRC64) and the copy is gone once it is done.
 */
import { closeSync, createReadStream, existsSync, mkdirSync, openSync, statSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createCRC64 } from 'hash-wasm';
import { shot, startHarness, type Harness } from './harness';

const TMP = '/tmp/upl-stage-e2e';
const NAME = '新员工入职培训.mp4';
const FILE = `${TMP}/${NAME}`;
const SIZE = 40 * 1024 * 1024;

let h: Harness;

function makeFile(path: string, size: number) {
  if (existsSync(path) && statSync(path).size === size) return;
  const fd = openSync(path, 'w');
  for (let off = 0; off < size; off += 8 * 1024 * 1024) writeSync(fd, randomBytes(Math.min(8 * 1024 * 1024, size - off)));
  closeSync(fd);
}
async function crcOfFile(path: string): Promise<string> {
  const hasher = await createCRC64();
  hasher.init();
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) hasher.update(chunk);
  return BigInt(`0x${hasher.digest('hex')}`).toString();
}
async function faults(body: Record<string, unknown>) {
  const r = await fetch(`${h.url}/sandbox/oss/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(r.status).toBe(200);
}
/** The names in the OPFS staging directory (none when it was never made). */
const staged = (page: Page) =>
  page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    let dir: FileSystemDirectoryHandle;
    try {
      dir = await root.getDirectoryHandle('hr-upload-staging');
    } catch {
      return [] as string[];
    }
    const names: string[] = [];
    for await (const k of (dir as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(k);
    return names;
  });

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  makeFile(FILE, SIZE);
  h = await startHarness();
  await fetch(`${h.url}/sandbox/oss/reset`, { method: 'POST' });
}, 180_000);
afterAll(async () => {
  await faults({ delayMs: 0 }).catch(() => {});
  await h?.close();
});

describe('upload center without a file picker', () => {
  it('stages the file in OPFS, resumes from it after a reload without asking for the file, deletes it when done', async () => {
    const { context, page } = await h.newPage();
    // a browser without showOpenFilePicker (Firefox, Safari): no file handle to keep
    // (Window is the global: its operations live on the window itself)
    await context.addInitScript(() => {
      delete (window as { showOpenFilePicker?: unknown }).showOpenFilePicker;
    });
    await h.signIn(context, '13800000001');
    await page.goto('/');
    await page.getByTestId('upload-center-button').click();
    await page.getByTestId('upload-drawer').waitFor();

    // the opt-in, with what it costs and what is free
    const setting = page.getByTestId('upload-stage-setting');
    await setting.getByText('在本机暂存上传中的文件').waitFor();
    await expect.poll(() => page.getByTestId('upload-stage-facts').textContent(), { timeout: 15_000 }).toMatch(/当前可用约 [\d.]+ (MB|GB|TB)，已暂存 0 B/);
    await setting.getByRole('switch').check();
    await shot(page, 'upload-stage-01-setting');

    // slow requests: the upload is still running at the reload
    await faults({ delayMs: 300 });
    await page.getByTestId('upload-input-video').setInputFiles(FILE);
    const row = page.locator(`[data-testid="upload-item"][data-name="${NAME}"]`);
    await row.waitFor();
    await expect.poll(() => row.getByTestId('upload-staged').getAttribute('data-status'), { timeout: 60_000 }).toBe('ready');
    await row.getByText('已暂存到本机（40 MB），刷新后可直接续传').waitFor();
    expect(await staged(page)).toHaveLength(1);
    await expect
      .poll(async () => Number(((await row.getByTestId('upload-percent').textContent()) ?? '0').replace('%', '')), { timeout: 60_000 })
      .toBeGreaterThan(10);
    await shot(page, 'upload-stage-02-staged');

    // the reload: the row resumes from the staged copy by itself (nothing to pick)
    await page.reload();
    await faults({ delayMs: 0 });
    await page.getByTestId('upload-center-button').click();
    await page.getByTestId('upload-drawer').waitFor();
    await row.waitFor();
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 60_000 }).toMatch(/Uploading|Success/);
    await row.getByText(/断点续传：已跳过 \d+ 个已上传分片/).waitFor();
    expect(await page.getByTestId('upload-pending').count()).toBe(0);
    expect(await row.getByRole('button', { name: '选择文件' }).count()).toBe(0);
    await shot(page, 'upload-stage-03-resumed');

    await expect.poll(() => row.getAttribute('data-state'), { timeout: 120_000 }).toBe('Success');
    // the copy is deleted with the finished upload
    await expect.poll(() => staged(page), { timeout: 30_000 }).toEqual([]);
    await expect.poll(() => page.getByTestId('upload-stage-facts').textContent(), { timeout: 15_000 }).toContain('已暂存 0 B');
    await shot(page, 'upload-stage-04-done');

    // the stored object is the file
    const obj = await h.server.db.one<{ crc64: string; size: string }>(
      `SELECT o.crc64, o.size FROM oss_objects o JOIN media m ON m.bucket = o.bucket AND m.object_key = o.object_key
        WHERE m.file_name = $1 AND m.status = 'Normal' ORDER BY o.created_at DESC LIMIT 1`,
      [NAME],
    );
    expect(Number(obj!.size)).toBe(SIZE);
    expect(obj!.crc64).toBe(await crcOfFile(FILE));
  }, 300_000);
});
