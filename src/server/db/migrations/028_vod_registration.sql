-- Issue 16 item 2 (media4): the application learns that an upload finished through a
-- registration call (routes/upload.ts), verified at the video service with the server's own key;
-- the VOD sandbox keeps the provider's own record here and no longer writes `media`.

-- What the video service (the sandbox) holds: every CreateUpload* and its object's completion.
-- company_id/user_id: whose upload credential created it (the sandbox's quota and RefreshUpload*).
CREATE TABLE vod_media (
  media_id     text        PRIMARY KEY,
  kind         text        NOT NULL CHECK (kind IN ('video', 'image', 'attached')),
  company_id   integer,
  user_id      integer     NOT NULL,
  title        text        NOT NULL,
  file_name    text        NOT NULL,
  file_size    bigint      NOT NULL DEFAULT 0,
  mime         text        NOT NULL DEFAULT '',
  bucket       text        NOT NULL,
  object_key   text        NOT NULL,
  -- Uploading → Normal once the object is complete (the OSS event VOD hears)
  status       text        NOT NULL DEFAULT 'Uploading' CHECK (status IN ('Uploading', 'Normal')),
  crc64        text        NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now(),
  finished_at  timestamptz
);
CREATE UNIQUE INDEX vod_media_object_idx ON vod_media (bucket, object_key);
CREATE INDEX vod_media_user_idx ON vod_media (user_id) WHERE status = 'Uploading';

-- the sandbox knew every media row written so far (it wrote them)
INSERT INTO vod_media (media_id, kind, company_id, user_id, title, file_name, file_size, mime, bucket, object_key, status, crc64, created_at, finished_at)
  SELECT media_id, kind, company_id, user_id, title, file_name, file_size, mime, bucket, object_key, status, crc64, created_at, finished_at FROM media
  ON CONFLICT DO NOTHING;

-- A media row claimed when its upload starts knows no object yet (the provider tells it at
-- registration): the object's uniqueness holds for the rows that name one.
DROP INDEX IF EXISTS media_object_idx;
CREATE UNIQUE INDEX media_object_idx ON media (bucket, object_key) WHERE object_key <> '';
