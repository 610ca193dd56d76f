-- 013: the data panel (issue 15). Aggregates read by company and time, so each event table gets a
-- (company_id, event time) index; two facts the panel needs that no screen recorded before.

-- 浏览: job seekers opening a position, counted per position and China day by the job-seeker side
-- (apps outside this console); the demo seed fills it.
CREATE TABLE position_views (
  company_id   integer NOT NULL REFERENCES companies (id),
  position_id  integer NOT NULL REFERENCES positions (id),
  day          date    NOT NULL,
  views        integer NOT NULL DEFAULT 0 CHECK (views >= 0),
  PRIMARY KEY (position_id, day)
);
CREATE INDEX position_views_company_idx ON position_views (company_id, day);

-- 入职: the day a hired candidate started work (null = not yet / unknown).
ALTER TABLE applications ADD COLUMN onboard_at timestamptz;
-- 在职人数 the company states (the basis of 离职率); null = not set
ALTER TABLE companies ADD COLUMN staff_count integer CHECK (staff_count IS NULL OR staff_count >= 0);

CREATE INDEX applications_company_created_idx ON applications (company_id, created_at);
CREATE INDEX applications_company_hired_idx ON applications (company_id, hired_at) WHERE hired_at IS NOT NULL;
CREATE INDEX applications_company_onboard_idx ON applications (company_id, onboard_at) WHERE onboard_at IS NOT NULL;
CREATE INDEX interviews_company_created_idx ON interviews (company_id, created_at);
CREATE INDEX departure_proofs_company_issued_idx ON departure_proofs (company_id, issued_at) WHERE issued_at IS NOT NULL;
CREATE INDEX resignation_requests_company_reviewed_idx ON resignation_requests (company_id, reviewed_at) WHERE reviewed_at IS NOT NULL;
