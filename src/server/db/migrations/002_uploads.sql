-- Upload engine (issue 3): the media library VOD keeps, its upload progress copies, and the
-- object store sandbox's metadata (the bytes live on disk under DATA_DIR).

-- Upload credentials VOD hands out for one object (UploadAuth) are STS rows limited to it.
ALTER TABLE sts_credentials ADD COLUMN IF NOT EXISTS scope_bucket text;
ALTER TABLE sts_credentials ADD COLUMN IF NOT EXISTS scope_key text;

-- One video or image of the media library (VideoId / ImageId).
CREATE TABLE media (
  id           serial      PRIMARY KEY,
  media_id     text        NOT NULL UNIQUE,
  kind         text        NOT NULL CHECK (kind IN ('video', 'image')),
  -- who owns it: the company of an active member, else the user alone
  company_id   integer     REFERENCES companies (id),
  user_id      integer     NOT NULL REFERENCES users (id),
  title        text        NOT NULL,
  file_name    text        NOT NULL,
  file_size    bigint      NOT NULL DEFAULT 0,
  mime         text        NOT NULL DEFAULT '',
  bucket       text        NOT NULL,
  object_key   text        NOT NULL,
  -- Uploading → Normal once the object is complete
  status       text        NOT NULL DEFAULT 'Uploading' CHECK (status IN ('Uploading', 'Normal')),
  crc64        text        NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now(),
  finished_at  timestamptz
);
CREATE INDEX media_company_idx ON media (company_id, created_at DESC);
CREATE INDEX media_user_idx ON media (user_id, created_at DESC);
CREATE UNIQUE INDEX media_object_idx ON media (bucket, object_key);

-- The server's copy of a browser's checkpoint (ReportUploadProgress / GetUploadProgress), so the
-- same owner resumes from another browser. owner: 'c:<company id>' or 'u:<user id>'.
CREATE TABLE upload_progress (
  owner        text        NOT NULL,
  file_hash    text        NOT NULL,
  file_size    bigint      NOT NULL,
  client_id    text        NOT NULL DEFAULT '',
  user_id      integer     NOT NULL REFERENCES users (id),
  file_name    text        NOT NULL,
  media_type   text        NOT NULL DEFAULT 'video',
  media_id     text        NOT NULL,
  upload_id    text        NOT NULL,
  part_size    bigint      NOT NULL,
  upload_point text        NOT NULL DEFAULT '[]',
  done_parts   integer     NOT NULL DEFAULT 0,
  total_parts  integer     NOT NULL DEFAULT 0,
  upload_ratio real        NOT NULL DEFAULT 0,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner, file_hash, file_size)
);

-- The object store sandbox: finished objects, multipart uploads in progress and their parts.
CREATE TABLE oss_objects (
  bucket       text        NOT NULL,
  object_key   text        NOT NULL,
  size         bigint      NOT NULL,
  etag         text        NOT NULL,
  crc64        text        NOT NULL,
  content_type text        NOT NULL DEFAULT 'application/octet-stream',
  file_path    text        NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (bucket, object_key)
);

CREATE TABLE oss_multipart (
  upload_id    text        PRIMARY KEY,
  bucket       text        NOT NULL,
  object_key   text        NOT NULL,
  content_type text        NOT NULL DEFAULT 'application/octet-stream',
  created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE oss_parts (
  upload_id    text        NOT NULL REFERENCES oss_multipart (upload_id) ON DELETE CASCADE,
  part_number  integer     NOT NULL,
  size         bigint      NOT NULL,
  etag         text        NOT NULL,
  crc64        text        NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (upload_id, part_number)
);
