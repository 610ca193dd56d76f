/**
 * The images the retention sweep gave up (retention-employment.ts: a delivery's photos past their
 * period, photos no delivery names) are deleted at the video service: DeleteImage removes the
 * image's record and its stored object. Called by the `retention-media` job outside any
 * transaction (the demo's video service is a sandbox of the same server, on the same database).
 * A row leaves `retention_media_deletes` only once the service confirmed; an id it no longer
 * knows counts as deleted. A failing service stops the run (the next one tries again) and the
 * row keeps its try count and the provider's error code.
 */
import { DELETE_IMAGES_MAX, VodApiError, type VodClient } from '../../adapters/vod';
import type { Db } from '../../db/types';

export interface MediaDeleteResult {
  deleted: number;
  /** the provider's error code when a call failed (the run stopped there) */
  failed: string | null;
}

/** Works the queue oldest first, at most `max` images a run. */
export async function deleteQueuedMedia(db: Db, vod: VodClient, o: { max?: number } = {}): Promise<MediaDeleteResult> {
  const max = o.max ?? 1000;
  let deleted = 0;
  while (deleted < max) {
    const ids = (
      await db.query<{ media_id: string }>(`SELECT media_id FROM retention_media_deletes WHERE kind = 'image' ORDER BY queued_at, media_id LIMIT $1`, [
        Math.min(DELETE_IMAGES_MAX, max - deleted),
      ])
    ).map((r) => r.media_id);
    if (!ids.length) break;
    try {
      await vod.deleteImages(ids);
    } catch (err) {
      const code = err instanceof VodApiError ? err.providerCode : err instanceof Error ? err.name : 'Error';
      await db.query(`UPDATE retention_media_deletes SET tries = tries + 1, last_error = $2 WHERE media_id = ANY($1)`, [ids, code.slice(0, 200)]);
      return { deleted, failed: code };
    }
    await db.query('DELETE FROM retention_media_deletes WHERE media_id = ANY($1)', [ids]);
    deleted += ids.length;
  }
  return { deleted, failed: null };
}
