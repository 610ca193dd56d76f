-- 042: no plain mobile at rest (issue 28 item 4, docs/pii.md). Until now the login identity
-- `users.mobile`, the SMS codes' `sms_codes.mobile`, the 确认发放 codes' `payout_codes.mobile` and
-- the invoice recipients' `ship_phone` (company_invoices, order_invoices, tax_invoices) were plain.
-- This file adds the sealed columns; SQL cannot encrypt with the application's keys, so the
-- TypeScript step `042a_seal_mobiles` (src/server/db/code-migrations.ts) fills them from the plain
-- values, then drops the plain columns and moves the unique index and the lookups to the blind index.
-- - users: enc (the user's own number, shown to them and used to send them codes), blind index
--   (login, unique), mask (what colleagues and logs show);
-- - sms_codes, payout_codes: the blind index only — a code row is found by the mobile asked about,
--   and the SMS itself travels sealed in the job (jobs/sms.ts);
-- - invoices: enc and mask (the recipient's phone is never searched).

ALTER TABLE users
  ADD COLUMN mobile_enc  text,
  ADD COLUMN mobile_bidx text,
  ADD COLUMN mobile_mask text NOT NULL DEFAULT '';

ALTER TABLE sms_codes ADD COLUMN mobile_bidx text;
ALTER TABLE payout_codes ADD COLUMN mobile_bidx text;

ALTER TABLE company_invoices
  ADD COLUMN ship_phone_enc  text,
  ADD COLUMN ship_phone_mask text NOT NULL DEFAULT '';
ALTER TABLE order_invoices
  ADD COLUMN ship_phone_enc  text,
  ADD COLUMN ship_phone_mask text NOT NULL DEFAULT '';
ALTER TABLE tax_invoices
  ADD COLUMN ship_phone_enc  text,
  ADD COLUMN ship_phone_mask text NOT NULL DEFAULT '';
