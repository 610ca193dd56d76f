-- Object store security (issue 9, items 1 and 9): every credential carries what it may touch, and
-- each stored object and multipart upload knows its uploader (for the per-user quota).

-- The console's STS reaches only its owner's prefix (`c<company id>/` or `u<user id>/`); the
-- upload auth VOD hands out reaches one key (scope_bucket + scope_key, as before).
ALTER TABLE sts_credentials ADD COLUMN IF NOT EXISTS scope_prefix text;
UPDATE sts_credentials
   SET scope_prefix = CASE WHEN company_id IS NOT NULL THEN 'c' || company_id || '/' ELSE 'u' || user_id || '/' END
 WHERE scope_key IS NULL AND scope_prefix IS NULL;

ALTER TABLE oss_objects ADD COLUMN IF NOT EXISTS user_id integer;
ALTER TABLE oss_multipart ADD COLUMN IF NOT EXISTS user_id integer;
CREATE INDEX IF NOT EXISTS oss_objects_user_idx ON oss_objects (user_id);
CREATE INDEX IF NOT EXISTS oss_multipart_user_idx ON oss_multipart (user_id);

-- Objects written before this migration move under their owner's prefix (the media row says who
-- owns them); the bytes stay where they are (file_path), only the key changes.
CREATE TEMP TABLE media_rekey ON COMMIT DROP AS
  SELECT bucket, object_key AS old_key,
         CASE WHEN company_id IS NOT NULL THEN 'c' || company_id || '/' ELSE 'u' || user_id || '/' END || object_key AS new_key,
         user_id
    FROM media
   WHERE object_key !~ '^[cu][0-9]+/';
UPDATE oss_objects o SET object_key = k.new_key, user_id = k.user_id FROM media_rekey k
 WHERE o.bucket = k.bucket AND o.object_key = k.old_key;
UPDATE oss_multipart o SET object_key = k.new_key, user_id = k.user_id FROM media_rekey k
 WHERE o.bucket = k.bucket AND o.object_key = k.old_key;
UPDATE sts_credentials c SET scope_key = k.new_key FROM media_rekey k
 WHERE c.scope_bucket = k.bucket AND c.scope_key = k.old_key;
UPDATE media m SET object_key = k.new_key FROM media_rekey k
 WHERE m.bucket = k.bucket AND m.object_key = k.old_key;
UPDATE oss_objects o SET user_id = m.user_id FROM media m
 WHERE o.user_id IS NULL AND o.bucket = m.bucket AND o.object_key = m.object_key;

-- Expired SMS codes and WeChat QR tickets are deleted a day after they expire (server/lib/cleanup.ts).
CREATE INDEX IF NOT EXISTS sms_codes_expires_idx ON sms_codes (expires_at);
CREATE INDEX IF NOT EXISTS wechat_logins_expires_idx ON wechat_logins (expires_at);
