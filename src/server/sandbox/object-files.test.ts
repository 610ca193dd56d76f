/**
 * The sandbox's composed objects read back as the bytes their parts were: any range, across any
 * part boundary, equals the same range of the parts concatenated.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, promises as fsp, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { composeObject, objectHead, objectRange, removeObject } from './object-files';

const root = mkdtempSync(join(tmpdir(), 'object-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

async function read(s: AsyncIterable<Buffer>) {
  const out: Buffer[] = [];
  for await (const c of s) out.push(c);
  return Buffer.concat(out);
}

/** Writes `sizes` random parts, composes them, and answers the object's path and its expected bytes. */
async function composed(sizes: number[]) {
  const dir = join(root, `o${++n}`);
  const parts = await Promise.all(
    sizes.map(async (size, i) => {
      const path = join(root, `p${n}.${i}`);
      const bytes = randomBytes(size);
      await fsp.writeFile(path, bytes);
      return { path, size, bytes };
    }),
  );
  await composeObject(dir, parts);
  return { dir, parts, whole: Buffer.concat(parts.map((p) => p.bytes)) };
}

describe('composed objects', () => {
  it('moves the parts (no copy left behind) and reads every range as the concatenation', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 3000 }), { minLength: 1, maxLength: 6 }),
        fc.nat(),
        fc.nat(),
        async (sizes, a, b) => {
          const { dir, parts, whole } = await composed(sizes);
          expect(parts.every((p) => !existsSync(p.path))).toBe(true);
          const start = a % whole.length;
          const end = start + (b % (whole.length - start));
          expect(Buffer.compare(await read(objectRange(dir, start, end)), whole.subarray(start, end + 1))).toBe(0);
          await removeObject(dir);
          expect(existsSync(dir)).toBe(false);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('reads a plain file the same way, and the head of either', async () => {
    const file = join(root, 'plain');
    const bytes = randomBytes(5000);
    await fsp.writeFile(file, bytes);
    expect(Buffer.compare(await read(objectRange(file, 10, 4999)), bytes.subarray(10))).toBe(0);
    expect(Buffer.compare((await objectHead(file, 16))!, bytes.subarray(0, 16))).toBe(0);
    const { dir, whole } = await composed([7, 9, 11]);
    expect(Buffer.compare((await objectHead(dir, 20))!, whole.subarray(0, 20))).toBe(0);
    // asked for more than there is: what there is
    expect((await objectHead(dir, 1000))!.length).toBe(27);
  });

  it('answers null for an object whose bytes are gone', async () => {
    expect(await objectHead(join(root, 'missing'), 10)).toBeNull();
    const { dir } = await composed([5, 5]);
    await fsp.rm(join(dir, 'manifest.json'));
    expect(await objectHead(dir, 10)).toBeNull();
  });
});
