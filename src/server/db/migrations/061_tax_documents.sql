-- 061: tax documents as documents (issue 31 item 8; docs/decisions.md → 完税证明与发票).

-- 入库日期: the day the withheld 个人所得税 of a month reached the treasury. The platform is the
-- withholding agent of every payout: it declares a month's tax in the next month and the treasury
-- takes it on one day (the date on its 电子缴款凭证), for every company at once. The operator records
-- it (sandbox operator page); a proof states it, and is issued only once every month it covers has it.
CREATE TABLE tax_remittances (
  period        text        PRIMARY KEY CHECK (period ~ '^\d{4}-(0[1-9]|1[0-2])$'),
  treasury_date date        NOT NULL,
  -- 电子缴款凭证号 (or the bank's transaction number) the date was read from
  voucher_no    text        NOT NULL DEFAULT '',
  recorded_at   timestamptz NOT NULL
);

-- The 完税证明 anyone can verify: a 验真码 (as departure proofs, 056) printed on it and in its QR.
ALTER TABLE tax_applications ADD COLUMN verify_code text UNIQUE CHECK (verify_code ~ '^[0-9A-HJKMNP-TV-Z]{12}$');

-- The issued proof as a file: the PDF rendered once when the operator issues it, sealed at rest (it
-- names people and their masked ID numbers), with the SHA-256 验真 compares a presented file with.
CREATE TABLE tax_proof_files (
  company_id     integer     NOT NULL,
  application_id integer     NOT NULL,
  pdf_enc        text        NOT NULL,
  sha256         text        NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  bytes          integer     NOT NULL,
  created_at     timestamptz NOT NULL,
  PRIMARY KEY (application_id, company_id),
  FOREIGN KEY (company_id, application_id) REFERENCES tax_applications (company_id, id)
);

-- The invoice's amounts as the record states them: 价税合计 (amount) = 金额 (net_amount) + 税额
-- (tax_amount) at the rate fixed when the invoice was made; the seller as it was when issued.
ALTER TABLE tax_invoices ADD COLUMN rate_bp integer NOT NULL DEFAULT 600 CHECK (rate_bp BETWEEN 0 AND 1700);
ALTER TABLE tax_invoices ADD COLUMN net_amount bigint;
ALTER TABLE tax_invoices ADD COLUMN tax_amount bigint;
UPDATE tax_invoices SET net_amount = round(amount * 10000.0 / (10000 + rate_bp)), tax_amount = amount - round(amount * 10000.0 / (10000 + rate_bp));
ALTER TABLE tax_invoices ALTER COLUMN net_amount SET NOT NULL, ALTER COLUMN tax_amount SET NOT NULL;
ALTER TABLE tax_invoices ADD CONSTRAINT tax_invoices_amounts_check CHECK (net_amount + tax_amount = amount);
ALTER TABLE tax_invoices ADD COLUMN seller_name text NOT NULL DEFAULT '';
ALTER TABLE tax_invoices ADD COLUMN seller_tax_no text NOT NULL DEFAULT '';
ALTER TABLE tax_invoices ADD COLUMN seller_address text NOT NULL DEFAULT '';
ALTER TABLE tax_invoices ADD COLUMN seller_bank text NOT NULL DEFAULT '';
