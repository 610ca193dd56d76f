-- 059: the tables of 056 and 057 placed like every company table (docs/scale-out.md): a company
-- table's keys carry company_id, so proof_files' primary key becomes (proof_id, company_id).
ALTER TABLE proof_files DROP CONSTRAINT proof_files_pkey;
ALTER TABLE proof_files ADD PRIMARY KEY (proof_id, company_id);
