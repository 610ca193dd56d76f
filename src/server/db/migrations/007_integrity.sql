-- Issue 9 (integrity): unique indexes behind the checks that handlers make, so that a race the
-- handler's lock does not cover fails with a unique violation (answered 409) instead of writing a
-- duplicate.

-- one company per name (the applicant's check 企业名称已被占用)
CREATE UNIQUE INDEX IF NOT EXISTS companies_name_uq ON companies (name);
-- one company per applicant: a user applies for one company and resubmits that same row
CREATE UNIQUE INDEX IF NOT EXISTS companies_submitted_by_uq ON companies (submitted_by) WHERE submitted_by IS NOT NULL;
