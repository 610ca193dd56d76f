-- 032: company keys (issue 25 item 8; docs/scale-out.md "Past one database"). The cheap steps
-- towards distributing the company tables by company_id (Citus): every company-owned table
-- carries company_id; every key that says "one per …" includes it; every foreign key from one
-- company table to another goes through (company_id, id), so a row can only point at a row of
-- its own company (the database now refuses a cross-company reference) and a join along a
-- foreign key is a join on the distribution column. What is left for the day of the move (the
-- primary keys on a bare id, the global tokens and numbers, the ON CONFLICT targets) is listed in
-- docs/scale-out.md and checked by src/server/db/scale-out.test.ts.
-- Four new columns (and a fill-in trigger for one writer), the rest constraints: no query changes
-- meaning. company_id is appended to existing keys (last column) so every current lookup by their
-- leading columns keeps its index. On a large database the new foreign keys scan their tables once.

-- 1. company_id where a company table reached its company only through its parent (backfilled
--    from the parent; the writers set it: routes/membership.ts, routes/payouts-batches.ts,
--    domain/payouts.ts).
ALTER TABLE order_invoices ADD COLUMN company_id integer REFERENCES companies (id);
UPDATE order_invoices i SET company_id = o.company_id FROM member_orders o WHERE o.order_id = i.order_id;
ALTER TABLE order_invoices ALTER COLUMN company_id SET NOT NULL;

ALTER TABLE payout_codes ADD COLUMN company_id integer REFERENCES companies (id);
UPDATE payout_codes c SET company_id = b.company_id FROM payout_batches b WHERE b.id = c.batch_id;
ALTER TABLE payout_codes ALTER COLUMN company_id SET NOT NULL;

ALTER TABLE payout_callbacks ADD COLUMN company_id integer REFERENCES companies (id);
UPDATE payout_callbacks c SET company_id = r.company_id FROM payout_rows r WHERE r.id = c.row_id;
ALTER TABLE payout_callbacks ALTER COLUMN company_id SET NOT NULL;

ALTER TABLE payout_wx_notifies ADD COLUMN company_id integer REFERENCES companies (id);
UPDATE payout_wx_notifies n SET company_id = t.company_id FROM payout_topups t WHERE t.order_no = n.order_no;
ALTER TABLE payout_wx_notifies ALTER COLUMN company_id SET NOT NULL;

-- The demo seed's invoice row (db/seeds/accounts.ts) names only its order: the order's company is
-- filled in when an INSERT leaves it out. Drop this once every writer sets it (docs/scale-out.md).
CREATE FUNCTION order_invoices_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.company_id IS NULL THEN
    NEW.company_id := (SELECT o.company_id FROM member_orders o WHERE o.order_id = NEW.order_id);
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER order_invoices_company BEFORE INSERT ON order_invoices FOR EACH ROW EXECUTE FUNCTION order_invoices_company();

-- 2. The (id, company_id) key of every company table another company table refers to: the target
--    of the composite foreign keys below, and on Citus the primary key (docs/scale-out.md, step 3).
ALTER TABLE positions            ADD CONSTRAINT positions_id_company_id_key            UNIQUE (id, company_id);
ALTER TABLE applications         ADD CONSTRAINT applications_id_company_id_key         UNIQUE (id, company_id);
ALTER TABLE resignation_requests ADD CONSTRAINT resignation_requests_id_company_id_key UNIQUE (id, company_id);
ALTER TABLE departure_records    ADD CONSTRAINT departure_records_id_company_id_key    UNIQUE (id, company_id);
ALTER TABLE departure_proofs     ADD CONSTRAINT departure_proofs_id_company_id_key     UNIQUE (id, company_id);
ALTER TABLE import_batches       ADD CONSTRAINT import_batches_id_company_id_key       UNIQUE (id, company_id);
ALTER TABLE flex_tasks           ADD CONSTRAINT flex_tasks_id_company_id_key           UNIQUE (id, company_id);
ALTER TABLE flex_agreements      ADD CONSTRAINT flex_agreements_id_company_id_key      UNIQUE (id, company_id);
ALTER TABLE flex_workers         ADD CONSTRAINT flex_workers_id_company_id_key         UNIQUE (id, company_id);
ALTER TABLE flex_task_workers    ADD CONSTRAINT flex_task_workers_id_company_id_key    UNIQUE (id, company_id);
ALTER TABLE payout_batches       ADD CONSTRAINT payout_batches_id_company_id_key       UNIQUE (id, company_id);
ALTER TABLE payout_rows          ADD CONSTRAINT payout_rows_id_company_id_key          UNIQUE (id, company_id);
ALTER TABLE payout_topups        ADD CONSTRAINT payout_topups_id_company_id_key        UNIQUE (id, company_id);
ALTER TABLE tax_applications     ADD CONSTRAINT tax_applications_id_company_id_key     UNIQUE (id, company_id);
ALTER TABLE member_orders        ADD CONSTRAINT member_orders_order_id_company_id_key  UNIQUE (order_id, company_id);

-- 3. Foreign keys between company tables through (company_id, id); same names, same actions.
ALTER TABLE applications
  DROP CONSTRAINT applications_position_id_fkey,
  ADD CONSTRAINT applications_position_id_fkey FOREIGN KEY (company_id, position_id) REFERENCES positions (company_id, id);
ALTER TABLE interviews
  DROP CONSTRAINT interviews_position_id_fkey,
  ADD CONSTRAINT interviews_position_id_fkey FOREIGN KEY (company_id, position_id) REFERENCES positions (company_id, id),
  DROP CONSTRAINT interviews_application_id_fkey,
  ADD CONSTRAINT interviews_application_id_fkey FOREIGN KEY (company_id, application_id) REFERENCES applications (company_id, id);
ALTER TABLE position_views
  DROP CONSTRAINT position_views_position_id_fkey,
  ADD CONSTRAINT position_views_position_id_fkey FOREIGN KEY (company_id, position_id) REFERENCES positions (company_id, id);
ALTER TABLE departure_records
  DROP CONSTRAINT departure_records_request_id_fkey,
  ADD CONSTRAINT departure_records_request_id_fkey FOREIGN KEY (company_id, request_id) REFERENCES resignation_requests (company_id, id);
ALTER TABLE resignation_requests
  DROP CONSTRAINT resignation_requests_record_id_fkey,
  ADD CONSTRAINT resignation_requests_record_id_fkey FOREIGN KEY (company_id, record_id) REFERENCES departure_records (company_id, id);
ALTER TABLE departure_proofs
  DROP CONSTRAINT departure_proofs_record_id_fkey,
  ADD CONSTRAINT departure_proofs_record_id_fkey FOREIGN KEY (company_id, record_id) REFERENCES departure_records (company_id, id),
  DROP CONSTRAINT departure_proofs_replaces_id_fkey,
  ADD CONSTRAINT departure_proofs_replaces_id_fkey FOREIGN KEY (company_id, replaces_id) REFERENCES departure_proofs (company_id, id);
ALTER TABLE import_batches
  DROP CONSTRAINT import_batches_duplicate_of_fkey,
  ADD CONSTRAINT import_batches_duplicate_of_fkey FOREIGN KEY (company_id, duplicate_of) REFERENCES import_batches (company_id, id);
ALTER TABLE flex_agreements
  DROP CONSTRAINT flex_agreements_task_id_fkey,
  ADD CONSTRAINT flex_agreements_task_id_fkey FOREIGN KEY (company_id, task_id) REFERENCES flex_tasks (company_id, id) ON DELETE CASCADE;
ALTER TABLE flex_task_workers
  DROP CONSTRAINT flex_task_workers_task_id_fkey,
  ADD CONSTRAINT flex_task_workers_task_id_fkey FOREIGN KEY (company_id, task_id) REFERENCES flex_tasks (company_id, id) ON DELETE CASCADE,
  DROP CONSTRAINT flex_task_workers_worker_id_fkey,
  ADD CONSTRAINT flex_task_workers_worker_id_fkey FOREIGN KEY (company_id, worker_id) REFERENCES flex_workers (company_id, id),
  DROP CONSTRAINT flex_task_workers_agreement_id_fkey,
  ADD CONSTRAINT flex_task_workers_agreement_id_fkey FOREIGN KEY (company_id, agreement_id) REFERENCES flex_agreements (company_id, id);
ALTER TABLE order_invoices
  DROP CONSTRAINT order_invoices_order_id_fkey,
  ADD CONSTRAINT order_invoices_order_id_fkey FOREIGN KEY (company_id, order_id) REFERENCES member_orders (company_id, order_id);
ALTER TABLE payout_batches
  DROP CONSTRAINT payout_batches_task_id_fkey,
  ADD CONSTRAINT payout_batches_task_id_fkey FOREIGN KEY (company_id, task_id) REFERENCES flex_tasks (company_id, id),
  DROP CONSTRAINT payout_batches_parent_id_fkey,
  ADD CONSTRAINT payout_batches_parent_id_fkey FOREIGN KEY (company_id, parent_id) REFERENCES payout_batches (company_id, id),
  DROP CONSTRAINT payout_batches_import_batch_id_fkey,
  ADD CONSTRAINT payout_batches_import_batch_id_fkey FOREIGN KEY (company_id, import_batch_id) REFERENCES import_batches (company_id, id);
ALTER TABLE payout_rows
  DROP CONSTRAINT payout_rows_batch_id_fkey,
  ADD CONSTRAINT payout_rows_batch_id_fkey FOREIGN KEY (company_id, batch_id) REFERENCES payout_batches (company_id, id),
  DROP CONSTRAINT payout_rows_worker_id_fkey,
  ADD CONSTRAINT payout_rows_worker_id_fkey FOREIGN KEY (company_id, worker_id) REFERENCES flex_workers (company_id, id),
  DROP CONSTRAINT payout_rows_task_worker_id_fkey,
  ADD CONSTRAINT payout_rows_task_worker_id_fkey FOREIGN KEY (company_id, task_worker_id) REFERENCES flex_task_workers (company_id, id),
  DROP CONSTRAINT payout_rows_origin_row_id_fkey,
  ADD CONSTRAINT payout_rows_origin_row_id_fkey FOREIGN KEY (company_id, origin_row_id) REFERENCES payout_rows (company_id, id);
ALTER TABLE payout_ledger
  DROP CONSTRAINT payout_ledger_batch_id_fkey,
  ADD CONSTRAINT payout_ledger_batch_id_fkey FOREIGN KEY (company_id, batch_id) REFERENCES payout_batches (company_id, id),
  DROP CONSTRAINT payout_ledger_row_id_fkey,
  ADD CONSTRAINT payout_ledger_row_id_fkey FOREIGN KEY (company_id, row_id) REFERENCES payout_rows (company_id, id),
  DROP CONSTRAINT payout_ledger_topup_id_fkey,
  ADD CONSTRAINT payout_ledger_topup_id_fkey FOREIGN KEY (company_id, topup_id) REFERENCES payout_topups (company_id, id);
ALTER TABLE payout_codes
  DROP CONSTRAINT payout_codes_batch_id_fkey,
  ADD CONSTRAINT payout_codes_batch_id_fkey FOREIGN KEY (company_id, batch_id) REFERENCES payout_batches (company_id, id);
ALTER TABLE payout_callbacks
  DROP CONSTRAINT payout_callbacks_row_id_fkey,
  ADD CONSTRAINT payout_callbacks_row_id_fkey FOREIGN KEY (company_id, row_id) REFERENCES payout_rows (company_id, id);
ALTER TABLE payout_logs
  DROP CONSTRAINT payout_logs_batch_id_fkey,
  ADD CONSTRAINT payout_logs_batch_id_fkey FOREIGN KEY (company_id, batch_id) REFERENCES payout_batches (company_id, id);
ALTER TABLE tax_application_rows
  DROP CONSTRAINT tax_application_rows_application_id_fkey,
  ADD CONSTRAINT tax_application_rows_application_id_fkey FOREIGN KEY (company_id, application_id) REFERENCES tax_applications (company_id, id),
  DROP CONSTRAINT tax_application_rows_payout_row_id_fkey,
  ADD CONSTRAINT tax_application_rows_payout_row_id_fkey FOREIGN KEY (company_id, payout_row_id) REFERENCES payout_rows (company_id, id),
  DROP CONSTRAINT tax_application_rows_batch_id_fkey,
  ADD CONSTRAINT tax_application_rows_batch_id_fkey FOREIGN KEY (company_id, batch_id) REFERENCES payout_batches (company_id, id),
  DROP CONSTRAINT tax_application_rows_worker_id_fkey,
  ADD CONSTRAINT tax_application_rows_worker_id_fkey FOREIGN KEY (company_id, worker_id) REFERENCES flex_workers (company_id, id);
ALTER TABLE tax_orders
  DROP CONSTRAINT tax_orders_application_id_fkey,
  ADD CONSTRAINT tax_orders_application_id_fkey FOREIGN KEY (company_id, application_id) REFERENCES tax_applications (company_id, id);
ALTER TABLE tax_invoices
  DROP CONSTRAINT tax_invoices_application_id_fkey,
  ADD CONSTRAINT tax_invoices_application_id_fkey FOREIGN KEY (company_id, application_id) REFERENCES tax_applications (company_id, id);

-- 4. "One per …" keys with company_id appended. Each leading column is an id of the same company
--    (the foreign keys above), so every key means what it meant; no ON CONFLICT names these.
ALTER TABLE position_views DROP CONSTRAINT position_views_pkey, ADD CONSTRAINT position_views_pkey PRIMARY KEY (position_id, day, company_id);
ALTER TABLE tax_invoices DROP CONSTRAINT tax_invoices_pkey, ADD CONSTRAINT tax_invoices_pkey PRIMARY KEY (application_id, company_id);
ALTER TABLE tax_orders
  DROP CONSTRAINT tax_orders_application_id_key,
  ADD CONSTRAINT tax_orders_application_id_company_id_key UNIQUE (application_id, company_id);
ALTER TABLE flex_agreements
  DROP CONSTRAINT flex_agreements_task_id_version_key,
  ADD CONSTRAINT flex_agreements_task_id_version_company_id_key UNIQUE (task_id, version, company_id);
ALTER TABLE payout_rows
  DROP CONSTRAINT payout_rows_batch_id_worker_id_key,
  ADD CONSTRAINT payout_rows_batch_id_worker_id_company_id_key UNIQUE (batch_id, worker_id, company_id);
ALTER TABLE tax_application_rows
  DROP CONSTRAINT tax_application_rows_application_id_payout_row_id_key,
  ADD CONSTRAINT tax_application_rows_application_id_payout_row_id_company_id_key UNIQUE (application_id, payout_row_id, company_id);
DROP INDEX departure_proofs_live_uq;
CREATE UNIQUE INDEX departure_proofs_live_uq ON departure_proofs (record_id, company_id) WHERE status <> 'void';
DROP INDEX tax_rows_live_uq;
CREATE UNIQUE INDEX tax_rows_live_uq ON tax_application_rows (payout_row_id, company_id) WHERE live;
DROP INDEX payout_batches_import_once;
CREATE UNIQUE INDEX payout_batches_import_once ON payout_batches (import_batch_id, company_id) WHERE import_batch_id IS NOT NULL;
DROP INDEX payout_ledger_debit_once;
CREATE UNIQUE INDEX payout_ledger_debit_once ON payout_ledger (batch_id, type, company_id) WHERE type IN ('payout', 'fee', 'tax');
DROP INDEX payout_ledger_refund_once;
CREATE UNIQUE INDEX payout_ledger_refund_once ON payout_ledger (row_id, company_id) WHERE type IN ('bounce_refund', 'refund');
DROP INDEX payout_ledger_topup_once;
CREATE UNIQUE INDEX payout_ledger_topup_once ON payout_ledger (topup_id, company_id) WHERE type = 'topup';
