-- 041: SMS counters keyed by the mobile's blind index (issue 28 item 3; domain/sms-limits.ts).
-- Until now the per-mobile counters were `sms-send:<mobile>` / `sms-fail:<mobile>`: a plain number
-- in every key. SQL cannot compute the blind index (its key lives with the server), so the old rows
-- go: the day's count of each mobile starts again once, at this deployment.
DELETE FROM rate_counters WHERE bucket ~ '^sms-(send|fail):[0-9]+$';
