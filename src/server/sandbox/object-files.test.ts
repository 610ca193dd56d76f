/**
 * The sandbox's composed objects read back as the bytes their parts were: any range, across any
 * part boundary, equals the same range of the parts concatenated. Composing never moves or copies
 * a part, and may be done again over whatever an earlier, cut-off compose left (issue 25 item 9).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, promises as fsp, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { composeObject, MANIFEST, objectHead, objectPieces, objectRange, removeObject, removeStrays } from './object-files';

const root = mkdtempSync(join(tmpdir(), 'object-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

async function read(s: AsyncIterable<Buffer>) {
  const out: Buffer[] = [];
  for await (const c of s) out.push(c);
  return Buffer.concat(out);
}

/** An upload's directory as UploadPart leaves it: random parts named `<n>.<MD5>`, and `strays` other files. */
async function uploaded(sizes: number[], strays = 0) {
  const dir = join(root, `o${++n}`);
  await fsp.mkdir(dir);
  const parts = await Promise.all(
    sizes.map(async (size, i) => {
      const bytes = randomBytes(size);
      const file = `${i + 1}.${createHash('md5').update(bytes).digest('hex').toUpperCase()}`;
      await fsp.writeFile(join(dir, file), bytes);
      return { file, size, bytes };
    }),
  );
  const strayFiles = await Promise.all(
    Array.from({ length: strays }, async (_, i) => {
      // a part sent again with other bytes, or the temporary of a body that never arrived
      const file = i % 2 ? `${i + 1}.${randomBytes(16).toString('hex').toUpperCase()}` : `${i + 1}.${randomBytes(4).toString('hex')}.tmp`;
      await fsp.writeFile(join(dir, file), randomBytes(10));
      return file;
    }),
  );
  return { dir, parts, strayFiles, whole: Buffer.concat(parts.map((p) => p.bytes)) };
}
const inodes = async (dir: string, files: string[]) => Promise.all(files.map(async (f) => (await fsp.stat(join(dir, f))).ino));

describe('composed objects', () => {
  it('composes in place (no part moved or copied), again over any cut-off compose, and reads every range as the concatenation', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 3000 }), { minLength: 1, maxLength: 6 }),
        fc.nat({ max: 4 }),
        // what an earlier compose left when it was cut off: nothing, half a temporary manifest, or a
        // whole manifest of another choice of parts (a retry may choose differently before the commit)
        fc.constantFrom('none', 'half-tmp', 'other-manifest'),
        fc.nat(),
        fc.nat(),
        async (sizes, strays, left, a, b) => {
          const { dir, parts, strayFiles, whole } = await uploaded(sizes, strays);
          const before = await inodes(
            dir,
            parts.map((p) => p.file),
          );
          if (left === 'half-tmp') await fsp.writeFile(join(dir, `${MANIFEST}.tmp`), '{"parts":[{"fi');
          if (left === 'other-manifest')
            await composeObject(
              dir,
              parts
                .slice(0, 1)
                .concat(parts)
                .map((p) => ({ file: p.file, size: p.size })),
            );
          await composeObject(
            dir,
            parts.map((p) => ({ file: p.file, size: p.size })),
          );
          expect(
            await inodes(
              dir,
              parts.map((p) => p.file),
            ),
          ).toEqual(before);
          const start = a % whole.length;
          const end = start + (b % (whole.length - start));
          expect(Buffer.compare(await read(objectRange(dir, start, end)), whole.subarray(start, end + 1))).toBe(0);
          // the strays go, the object stays whole
          await removeStrays(dir);
          expect((await fsp.readdir(dir)).sort()).toEqual([MANIFEST, ...parts.map((p) => p.file)].sort());
          expect(strayFiles.every((f) => !existsSync(join(dir, f)))).toBe(true);
          expect(Buffer.compare(await read(objectRange(dir, 0, whole.length - 1, await objectPieces(dir))), whole)).toBe(0);
          await removeObject(dir);
          expect(existsSync(dir)).toBe(false);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('reads a plain file the same way, and the head of either; a directory of session 8 too', async () => {
    const file = join(root, 'plain');
    const bytes = randomBytes(5000);
    await fsp.writeFile(file, bytes);
    expect(Buffer.compare(await read(objectRange(file, 10, 4999)), bytes.subarray(10))).toBe(0);
    expect(Buffer.compare((await objectHead(file, 16))!, bytes.subarray(0, 16))).toBe(0);
    const { dir, parts, whole } = await uploaded([7, 9, 11]);
    await composeObject(dir, parts);
    expect(Buffer.compare((await objectHead(dir, 20))!, whole.subarray(0, 20))).toBe(0);
    // asked for more than there is: what there is
    expect((await objectHead(dir, 1000))!.length).toBe(27);
    // session 8 moved the parts in as 1, 2, …
    const old = join(root, 'session8');
    await fsp.mkdir(old);
    for (const [i, p] of parts.entries()) await fsp.writeFile(join(old, String(i + 1)), p.bytes);
    await fsp.writeFile(join(old, MANIFEST), JSON.stringify({ parts: parts.map((p, i) => ({ file: String(i + 1), size: p.size })) }));
    expect(Buffer.compare(await read(objectRange(old, 0, 26)), whole)).toBe(0);
  });

  it('answers null (or throws, for pieces) for an object whose bytes are gone; strays of an upload in progress stay', async () => {
    expect(await objectHead(join(root, 'missing'), 10)).toBeNull();
    await expect(objectPieces(join(root, 'missing'))).rejects.toMatchObject({ code: 'ENOENT' });
    const { dir, parts } = await uploaded([5, 5], 2);
    // no manifest yet: an upload in progress, nothing is a stray
    await removeStrays(dir);
    expect(await fsp.readdir(dir)).toHaveLength(4);
    await removeStrays(join(root, 'missing'));
    await composeObject(dir, parts);
    await fsp.rm(join(dir, MANIFEST));
    expect(await objectHead(dir, 10)).toBeNull();
    await expect(objectPieces(dir)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
