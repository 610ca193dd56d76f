-- 047: an SMS code opens only what it was sent for (issue 29 item 6; domain/sms-codes.ts): a code
-- sent by a worker page, the scan-to-leave page or the employee's proof page no longer logs into
-- the console, and a console login code opens no worker page. The codes already sent were login codes.
ALTER TABLE sms_codes ADD COLUMN purpose text NOT NULL DEFAULT 'login' CHECK (purpose IN ('login', 'leave', 'proof', 'worker'));
ALTER TABLE sms_codes ALTER COLUMN purpose DROP DEFAULT;
DROP INDEX IF EXISTS sms_codes_mobile_bidx_idx;
CREATE INDEX sms_codes_mobile_purpose_idx ON sms_codes (mobile_bidx, purpose, sent_at DESC, id DESC);
