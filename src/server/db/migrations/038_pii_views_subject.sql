-- 038: personal data by need (issue 27; docs/roles.md "Personal data by need"). Every full view
-- names whose data was seen: the person's name, the value as lists show it (masked, never whole)
-- and the record it was seen in (离职记录 · 离职日期 2026-03-01, 季度收入报送 2026Q3 导出 …); the stated
-- purpose goes in the existing `reason` column (005). The record label never holds the name, so
-- the retention job can blank the name and mask of an anonymised departure and keep the rest.
-- (037 is left to the payouts work being done alongside.)
ALTER TABLE pii_views
  ADD COLUMN subject_name text NOT NULL DEFAULT '',
  ADD COLUMN subject_mask text NOT NULL DEFAULT '',
  ADD COLUMN record_label text NOT NULL DEFAULT '';

-- Rows written before: named from what they point at, where it still exists (else the list falls back).
UPDATE pii_views v SET subject_name = r.name,
       subject_mask = CASE WHEN v.field = 'mobile' THEN r.mobile_mask ELSE r.id_card_mask END,
       record_label = '离职记录 · 离职日期 ' || to_char(r.leave_date, 'YYYY-MM-DD')
  FROM departure_records r WHERE v.subject_type = 'departure_record' AND r.id = v.subject_id AND r.company_id = v.company_id;
UPDATE pii_views v SET subject_name = p.name, subject_mask = p.id_card_mask,
       record_label = '离职证明 ' || coalesce(nullif(p.serial, ''), '（草稿）')
  FROM departure_proofs p WHERE v.subject_type = 'departure_proof' AND p.id = v.subject_id AND p.company_id = v.company_id;
UPDATE pii_views v SET subject_name = q.employee_name, subject_mask = q.mobile_mask,
       record_label = '离职申请 · 提交于 ' || to_char(q.submitted_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')
  FROM resignation_requests q WHERE v.subject_type = 'resignation_request' AND q.id = v.subject_id AND q.company_id = v.company_id;
UPDATE pii_views v SET subject_name = w.name, subject_mask = w.cert_no_mask, record_label = v.reason
  FROM flex_workers w WHERE v.subject_type = 'flex_worker' AND w.id = v.subject_id AND w.company_id = v.company_id;
UPDATE pii_views v SET subject_name = c.realname, subject_mask = c.mobile_mask, record_label = '人才简历'
  FROM candidates c WHERE v.subject_type = 'candidate' AND c.id = v.subject_id;
UPDATE pii_views v SET subject_name = c.contact_name, subject_mask = c.contact_mobile_mask, record_label = '企业认证资料'
  FROM companies c WHERE v.subject_type = 'company_contact' AND c.id = v.subject_id;
UPDATE pii_views v SET record_label = '导入批次 ' || b.file_name
  FROM import_batches b WHERE v.subject_type = 'import_batch' AND b.id = v.subject_id AND b.company_id = v.company_id;

-- An audit row never holds a whole number: a mask keeps at most 6 digits in a row (an ID
-- number's area code), and a stated purpose may not carry one either (contract/pii-purpose.ts).
ALTER TABLE pii_views ADD CONSTRAINT pii_views_no_whole_number CHECK (subject_mask !~ '[0-9]{7}' AND reason !~ '[0-9]{7}');
