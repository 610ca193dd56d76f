/**
 * Migration 006 moves objects stored before it under their owner's prefix (media rows say who owns
 * them) so the scoped credentials still reach them; it can run again without harm.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../tests/setup/db';
import type { Db } from './types';
import { mobileIndex } from '../domain/users';

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
}, 60_000);
afterAll(async () => {
  await db?.close();
});

describe('006_store_security', () => {
  it('re-keys legacy media objects under c<company>/ or u<user>/ and records the uploader', async () => {
    const a = (await db.one<{ id: number; company_id: number }>(`SELECT id, company_id FROM users WHERE mobile_bidx = '${mobileIndex('13800000001')}'`))!;
    const lone = (await db.one<{ id: number }>(`SELECT id FROM users WHERE mobile_bidx = '${mobileIndex('13800000004')}'`))!;
    const bucket = 'outin-hrconsole-sandbox';
    await db.query(
      `INSERT INTO media (media_id, kind, company_id, user_id, title, file_name, bucket, object_key, status) VALUES
       ('legacy-1', 'video', $1, $2, 't', 'a.mp4', $4, 'sv/old-1/a.mp4', 'Normal'),
       ('legacy-2', 'image', NULL, $3, 't', 'b.png', $4, 'image/default/OLD-2.png', 'Uploading')`,
      [a.company_id, a.id, lone.id, bucket],
    );
    await db.query(`INSERT INTO oss_objects (bucket, object_key, size, etag, crc64, file_path) VALUES ($1, 'sv/old-1/a.mp4', 5, '"E"', '1', '/tmp/x')`, [
      bucket,
    ]);
    await db.query(`INSERT INTO oss_multipart (upload_id, bucket, object_key) VALUES ('UP-LEGACY', $1, 'image/default/OLD-2.png')`, [bucket]);

    const sql = readFileSync(new URL('./migrations/006_store_security.sql', import.meta.url), 'utf8');
    await db.tx((t) => t.exec(sql));
    await db.tx((t) => t.exec(sql)); // again: nothing moves twice

    const media = await db.query<{ media_id: string; object_key: string }>(
      "SELECT media_id, object_key FROM media WHERE media_id LIKE 'legacy-%' ORDER BY media_id",
    );
    expect(media).toEqual([
      { media_id: 'legacy-1', object_key: `c${a.company_id}/sv/old-1/a.mp4` },
      { media_id: 'legacy-2', object_key: `u${lone.id}/image/default/OLD-2.png` },
    ]);
    expect(await db.one("SELECT object_key, user_id FROM oss_objects WHERE file_path = '/tmp/x'")).toEqual({
      object_key: `c${a.company_id}/sv/old-1/a.mp4`,
      user_id: a.id,
    });
    expect(await db.one("SELECT object_key, user_id FROM oss_multipart WHERE upload_id = 'UP-LEGACY'")).toEqual({
      object_key: `u${lone.id}/image/default/OLD-2.png`,
      user_id: lone.id,
    });
  });
});
