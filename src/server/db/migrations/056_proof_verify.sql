-- 056: departure proofs anyone can verify (issue 30; docs/decisions.md → Verifiable departure proofs).

-- An issued proof carries a 验真码 (12 characters of Crockford base32, 60 random bits) printed on it
-- and in its QR; the public 验真 page finds the proof by it. Drafts have none.
ALTER TABLE departure_proofs ADD COLUMN verify_code text UNIQUE CHECK (verify_code ~ '^[0-9A-HJKMNP-TV-Z]{12}$');
-- Issued before the departure date: why (e.g. 员工申请提前出具); the proof then says 将于…解除.
ALTER TABLE departure_proofs ADD COLUMN early_reason text NOT NULL DEFAULT '';
-- How it is sealed. 'none': the paper's （盖章） area is stamped by hand; 'electronic' is the seam for
-- the e-sign provider's seal on the PDF (not built yet: nothing sets it, nothing draws a seal).
ALTER TABLE departure_proofs ADD COLUMN seal_kind text NOT NULL DEFAULT 'none' CHECK (seal_kind IN ('none', 'electronic'));

-- The issued proof as a file: the PDF rendered once at 确认出具 (the employee downloads exactly
-- these bytes), sealed at rest like other files with personal data (lib/pii.ts), and its SHA-256,
-- which 验真 compares with the hash of a file someone presents. The file goes with the proof.
CREATE TABLE proof_files (
  company_id  integer     NOT NULL,
  proof_id    integer     NOT NULL,
  -- base64 of the PDF, sealed; NULL once the proof is anonymised (the hash stays: the paper is real)
  pdf_enc     text,
  sha256      text        NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  bytes       integer     NOT NULL,
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (proof_id),
  FOREIGN KEY (company_id, proof_id) REFERENCES departure_proofs (company_id, id) ON DELETE CASCADE
);

-- Retention anonymises a proof (domain/accounts/retention-departures.ts blanks its name and ID
-- number); the stored PDF states them, so it is dropped in the same statement, whoever anonymises.
CREATE FUNCTION proof_files_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE proof_files SET pdf_enc = NULL WHERE proof_id = NEW.id AND company_id = NEW.company_id;
  RETURN NEW;
END;
$$;
CREATE TRIGGER departure_proofs_forget_file AFTER UPDATE OF anonymised_at ON departure_proofs
  FOR EACH ROW WHEN (NEW.anonymised_at IS NOT NULL AND OLD.anonymised_at IS NULL) EXECUTE FUNCTION proof_files_forget();

-- The employee's links last as long as the proof (issue 30): 作废, anonymisation and purge end them.
-- The 30 days of 043 and its 重新获取 are gone; expires_at stays for rows a future rule might bound.
ALTER TABLE proof_links ALTER COLUMN expires_at DROP NOT NULL;
UPDATE proof_links SET expires_at = NULL;

-- The employee downloading the PDF is an opening too.
ALTER TABLE proof_link_opens DROP CONSTRAINT IF EXISTS proof_link_opens_action_check;
ALTER TABLE proof_link_opens ADD CONSTRAINT proof_link_opens_action_check CHECK (action IN ('view', 'reveal', 'download'));

-- 信息查看记录 names the person and the record for every kind of full view (issue 30 item 4), old
-- rows included: rows still unnamed (written before 038, or by a server of the previous release
-- during a rolling deploy after it) are named from what they point at, where it still exists; and
-- a proof's row names which departure it was (离职证明 LZ… · 离职日期 …, not just （草稿）).
-- pii_views is append-only (039): its guard lets only retention's forgetting through, so the
-- trigger is set aside for these statements and back on before the migration commits. Nothing
-- else changes: who looked, when, why and the field stay as written.
ALTER TABLE pii_views DISABLE TRIGGER pii_views_guard;

UPDATE pii_views v SET subject_name = r.name,
       subject_mask = CASE WHEN v.field = 'mobile' THEN r.mobile_mask ELSE r.id_card_mask END,
       record_label = '离职记录 · 离职日期 ' || to_char(r.leave_date, 'YYYY-MM-DD')
  FROM departure_records r
 WHERE v.subject_type = 'departure_record' AND r.id = v.subject_id AND r.company_id = v.company_id
   AND v.subject_name = '' AND r.anonymised_at IS NULL;
UPDATE pii_views v SET subject_name = CASE WHEN v.subject_name = '' THEN p.name ELSE v.subject_name END,
       subject_mask = CASE WHEN v.subject_name = '' THEN p.id_card_mask ELSE v.subject_mask END,
       record_label = '离职证明 ' || coalesce(nullif(p.serial, ''), '（草稿）') || ' · 离职日期 ' || to_char(p.leave_date, 'YYYY-MM-DD')
  FROM departure_proofs p
 WHERE v.subject_type = 'departure_proof' AND p.id = v.subject_id AND p.company_id = v.company_id
   AND v.record_label NOT LIKE '%离职日期%' AND p.anonymised_at IS NULL;
UPDATE pii_views v SET subject_name = q.employee_name, subject_mask = q.mobile_mask,
       record_label = '离职申请 · 提交于 ' || to_char(q.submitted_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')
  FROM resignation_requests q
 WHERE v.subject_type = 'resignation_request' AND q.id = v.subject_id AND q.company_id = v.company_id
   AND v.subject_name = '' AND q.anonymised_at IS NULL;
UPDATE pii_views v SET subject_name = w.name, subject_mask = w.cert_no_mask,
       record_label = CASE WHEN v.record_label = '' THEN '灵活用工人员' ELSE v.record_label END
  FROM flex_workers w
 WHERE v.subject_type = 'flex_worker' AND w.id = v.subject_id AND w.company_id = v.company_id AND v.subject_name = '';
UPDATE pii_views v SET subject_name = c.realname, subject_mask = c.mobile_mask, record_label = '人才简历'
  FROM candidates c
 WHERE v.subject_type = 'candidate' AND c.id = v.subject_id AND v.subject_name = '';
UPDATE pii_views v SET subject_name = c.contact_name, subject_mask = c.contact_mobile_mask, record_label = '企业认证资料'
  FROM companies c
 WHERE v.subject_type = 'company_contact' AND c.id = v.subject_id AND v.subject_name = '';
UPDATE pii_views v SET record_label = '导入批次 ' || b.file_name
  FROM import_batches b
 WHERE v.subject_type = 'import_batch' AND b.id = v.subject_id AND b.company_id = v.company_id AND v.record_label = '';

ALTER TABLE pii_views ENABLE TRIGGER pii_views_guard;
