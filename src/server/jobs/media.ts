/**
 * Uploads the console never registered (issue 16 item 2): the console claims a video service id
 * when the upload starts and registers it when the engine reports Success (domain/media/register.ts).
 * A tab closed or reloaded between the two leaves the row pending and the file out of the media
 * library, the licence and the agreement steps. Every 5 minutes, on one server, this job asks the
 * video service about such rows with the server's key and records the finished ones. An `outside`
 * job (jobs/index.ts): it holds no transaction while it asks, since the demo's video service is a
 * sandbox of this same server that reads the same embedded database (the lock-up of issue 25).
 */
import type { VodClient } from '../adapters/vod';
import { finishPendingMedia } from '../domain/media/register';
import type { JobDef } from '.';

export function mediaFinishJob(vod: VodClient, log?: (msg: string) => void): JobDef {
  return {
    name: 'media-finish',
    cron: '*/5 * * * *',
    retryLimit: 3,
    retryDelay: 30,
    expireInSeconds: 240,
    outside: true,
    async run(_data, { db, now }) {
      await finishPendingMedia(db, vod, { now, log: log ?? (() => undefined) });
    },
  };
}
