-- 071: streamed exports (issue 34 item 4, docs/decisions.md "Streamed exports").
-- An export call checks who may and what (permission, member gate, reveal reason) and answers a
-- one-time ticket; the file itself streams from POST /export/file, which claims the ticket.
-- Only the ticket's SHA-256 is kept. A ticket serves the user and company it was issued to, once,
-- within 60 s; its row then records how the stream ended (done, cancelled, failed) and how many
-- rows it wrote.
CREATE TABLE export_tickets (
  id           serial PRIMARY KEY,
  ticket_hash  text        NOT NULL,
  company_id   integer     NOT NULL REFERENCES companies(id),
  user_id      integer     NOT NULL REFERENCES users(id),
  kind         text        NOT NULL,
  params       jsonb       NOT NULL,
  filename     text        NOT NULL,
  total        integer     NOT NULL,
  created_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  claimed_at   timestamptz,
  status       text        NOT NULL DEFAULT 'issued' CHECK (status IN ('issued', 'streaming', 'done', 'cancelled', 'failed')),
  rows_written integer     NOT NULL DEFAULT 0,
  finished_at  timestamptz
);
-- looked up by the caller's company and the hash (company_id in the key: docs/scale-out.md)
CREATE UNIQUE INDEX export_tickets_hash ON export_tickets (ticket_hash, company_id);
CREATE INDEX export_tickets_company ON export_tickets (company_id, created_at);
