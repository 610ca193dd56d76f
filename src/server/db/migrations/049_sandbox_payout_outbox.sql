-- 049: the payout SMS gateway's stand-in outbox is the sandbox's (plain mobile and code, demo profile
-- only): named like the other sandbox tables, so "no plain mobile outside sandbox_*" holds by name
-- (sealed-mobiles.test.ts). The retention kind keeps its id `payout_sms_outbox`.
ALTER TABLE payout_sms_outbox RENAME TO sandbox_payout_sms_outbox;
