-- 052: delivery photos (issue 29 item 1; domain/employment/worker-uploads.ts, delivery-photos.ts).
--
-- A task worker (flex_task_workers.id) uploads through the upload engine without being a user of
-- the console: an upload now belongs to a company (an active member's), a user alone, or a task
-- worker. `task_worker_id` is a plain number, not a foreign key (as in sign_evidence): a person
-- removed from a task leaves their stored photos, which no one links any more. A task worker's
-- rows have no user and no company, so no company query (the media library, attachments,
-- vouchers, the licence) ever sees them; HR reaches them only through flex_delivery_files.
ALTER TABLE media ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE media ADD COLUMN task_worker_id integer;
ALTER TABLE media ADD CONSTRAINT media_owner_check
  CHECK ((user_id IS NULL) <> (task_worker_id IS NULL) AND (task_worker_id IS NULL OR company_id IS NULL));
CREATE INDEX media_task_worker_idx ON media (task_worker_id) WHERE task_worker_id IS NOT NULL;

-- The credentials: a task worker's STS reaches their own prefix (`w<task worker id>/`) and, with
-- scope_kind 'image', only the video service's image uploads (the sandboxes check both).
ALTER TABLE sts_credentials ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE sts_credentials ADD COLUMN task_worker_id integer;
ALTER TABLE sts_credentials ADD COLUMN scope_kind text CHECK (scope_kind IN ('image'));
ALTER TABLE sts_credentials ADD CONSTRAINT sts_credentials_owner_check
  CHECK ((user_id IS NULL) <> (task_worker_id IS NULL) AND (task_worker_id IS NULL OR company_id IS NULL));

-- The provider's own records (the VOD sandbox): the same three owners.
ALTER TABLE vod_media ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE vod_media ADD COLUMN task_worker_id integer;
ALTER TABLE upload_progress ALTER COLUMN user_id DROP NOT NULL;

-- The photos of a task worker's latest delivery, in the worker's order (1–9). A new delivery
-- (after 驳回) replaces the set; the rows go with the task worker (ON DELETE CASCADE).
-- media_id names a `media` row of that task worker (checked by deliverWork; no foreign key: media
-- is a coordinator table, this one a company table, docs/scale-out.md).
CREATE TABLE flex_delivery_files (
  company_id     integer     NOT NULL REFERENCES companies (id),
  task_worker_id integer     NOT NULL,
  media_id       text        NOT NULL,
  position       smallint    NOT NULL CHECK (position BETWEEN 1 AND 9),
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (task_worker_id, media_id, company_id),
  UNIQUE (task_worker_id, position, company_id),
  FOREIGN KEY (company_id, task_worker_id) REFERENCES flex_task_workers (company_id, id) ON DELETE CASCADE
);
