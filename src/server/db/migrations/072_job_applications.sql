-- 072: the job-seeker's own application (投递, issue 32; domain/recruitment/job-link.ts, create-application.ts).
-- A position's public page (/m/job/{token}) shows what a job-seeker needs (工作性质, the contact only
-- when 对外显示, the 截止日期) and takes 投递 with an SMS check of the mobile (sms_codes purpose `apply`);
-- 接收投递通知 (domain.md §2.6, 74cms need_notice, default 是) says whether a 投递 writes the 新投递 message.
ALTER TABLE positions
  ADD COLUMN job_nature       text        NOT NULL DEFAULT '全职' CHECK (job_nature IN ('全职', '兼职', '实习')),
  ADD COLUMN contact_public   boolean     NOT NULL DEFAULT false,
  ADD COLUMN notify_apply     boolean     NOT NULL DEFAULT true,
  ADD COLUMN closes_on        date,
  -- the 分享 link: random (base64url of 18 bytes), made on the first 分享, replaced by 重新生成链接
  ADD COLUMN share_token      text        UNIQUE CHECK (share_token ~ '^[A-Za-z0-9_-]{16,64}$'),
  ADD COLUMN share_created_at timestamptz;

-- A person who applies through a position's page gave their résumé to that company only: the
-- record is not listed in the talent hall (every company's search) — in_hall false.
ALTER TABLE candidates ADD COLUMN in_hall boolean NOT NULL DEFAULT true;

ALTER TABLE sms_codes DROP CONSTRAINT sms_codes_purpose_check;
ALTER TABLE sms_codes ADD CONSTRAINT sms_codes_purpose_check CHECK (purpose IN ('login', 'leave', 'proof', 'worker', 'sign', 'apply'));
