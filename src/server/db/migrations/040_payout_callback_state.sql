-- 040: channel results in the channel's order, not arrival (issue 28 item 6; domain/payouts/row-events.ts).
-- Each callback now says what became of it: applied (moved the row), waiting (a 退汇 that arrived
-- before its 发放成功: held, and applied when the success comes), duplicate (the row already had
-- that result), conflict (contradicts the row's outcome: not applied, logged for the operator),
-- ignored (the row is not being paid). `ts` is the channel's own time of the event.
-- Callbacks before 040 were applied or changed nothing; they are all marked applied.
ALTER TABLE payout_callbacks
  ADD COLUMN state text NOT NULL DEFAULT 'applied' CHECK (state IN ('applied', 'waiting', 'duplicate', 'conflict', 'ignored')),
  ADD COLUMN ts text NOT NULL DEFAULT '';
-- at most one held 退汇 per row (company_id first: the company tables keep it in their keys, scale-out.md)
CREATE UNIQUE INDEX payout_callbacks_waiting_once ON payout_callbacks (company_id, row_id) WHERE state = 'waiting';
