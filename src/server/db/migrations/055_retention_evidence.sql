-- 055: retention of issue 29's evidence (docs/pii.md "Retention"; domain/accounts/retention-employment.ts),
-- and the policies upload credentials carry (the sandboxes evaluate them as RAM does; sandbox/ram-policy.ts).

-- An upload credential's rights: the RAM policy documents it is bound to (for STS, the role's and
-- the session's), evaluated by the OSS and VOD sandboxes — default deny, Deny wins, an action must
-- be allowed by every one of them. A credential without any (minted before 055) may do nothing.
ALTER TABLE sts_credentials ADD COLUMN policies jsonb NOT NULL DEFAULT '[]';
