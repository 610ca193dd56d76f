-- issue 16 (durable jobs): when a batch's commit was claimed (→ 导入中), so the import-recover job
-- can put back a batch whose server died between the claim and the commit.
ALTER TABLE import_batches ADD COLUMN IF NOT EXISTS claimed_at timestamptz;
CREATE INDEX IF NOT EXISTS import_batches_importing_idx ON import_batches (claimed_at) WHERE status = 'importing';
