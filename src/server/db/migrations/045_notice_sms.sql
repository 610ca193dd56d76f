-- 045: one outbox for the notices every area sends (issue 29 item 4; domain/notices.ts): the
-- departure area's `dimission_sms` becomes `notice_sms`, with the area that sent each message.
-- Flexible employment's 签约短信, 催签, 验收 and 发放 messages go there too; the sandbox inbox reads it.
ALTER TABLE dimission_sms RENAME TO notice_sms;
ALTER TABLE notice_sms RENAME CONSTRAINT dimission_sms_pkey TO notice_sms_pkey;
ALTER TABLE notice_sms RENAME CONSTRAINT dimission_sms_company_id_fkey TO notice_sms_company_id_fkey;
ALTER INDEX dimission_sms_mobile_idx RENAME TO notice_sms_mobile_idx;
ALTER INDEX dimission_sms_sent_idx RENAME TO notice_sms_sent_idx;
ALTER TABLE notice_sms ADD COLUMN area text NOT NULL DEFAULT 'dimission' CHECK (area IN ('dimission', 'flex'));
ALTER TABLE notice_sms ALTER COLUMN area DROP DEFAULT;
