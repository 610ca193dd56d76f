-- 031: a position's 转化率 as a cohort, like the funnel (docs/decisions.md "Funnel: a cohort of the
-- range's applications"): of the range's applications to the position, the share hired by now.
-- It was the range's hires over the range's applications, which passed 100 % whenever an
-- application from before the range was hired within it. The per-position months get the cohort's
-- hires (r_hired, kept on the application's created month), so the range's sums stay whole
-- months plus days, as for the other columns.
ALTER TABLE stats_recruit_monthly ADD COLUMN r_hired integer NOT NULL DEFAULT 0;

CREATE FUNCTION stats_recruit_monthly_r_hired() RETURNS void LANGUAGE sql AS $$
  UPDATE stats_recruit_monthly SET r_hired = 0 WHERE r_hired <> 0;
  INSERT INTO stats_recruit_monthly AS s (company_id, position_id, month, r_hired)
  SELECT company_id, position_id, date_trunc('month', day)::date, sum(r_hired) FROM stats_recruit_daily WHERE r_hired <> 0 GROUP BY 1, 2, 3
  ON CONFLICT (company_id, month, position_id) DO UPDATE SET r_hired = EXCLUDED.r_hired;
$$;
SELECT stats_recruit_monthly_r_hired();

-- 030's reach onto the days, and now the cohort's hires onto the position's month
ALTER FUNCTION stats_reach_add(integer, integer, date, integer, integer) RENAME TO stats_reach_add_030;
CREATE FUNCTION stats_reach_add(c integer, p integer, d date, lvl integer, sg integer) RETURNS void LANGUAGE sql AS $$
  SELECT stats_reach_add_030(c, p, d, lvl, sg);
  INSERT INTO stats_recruit_monthly AS s (company_id, position_id, month, r_hired)
  SELECT c, p, date_trunc('month', d)::date, sg WHERE lvl >= 3
  ON CONFLICT (company_id, month, position_id) DO UPDATE SET r_hired = s.r_hired + EXCLUDED.r_hired;
$$;

-- stats_rebuild(): 030's (which rebuilds the months without r_hired), then the months' r_hired
ALTER FUNCTION stats_rebuild() RENAME TO stats_rebuild_030;
CREATE FUNCTION stats_rebuild() RETURNS void LANGUAGE sql AS $$
  SELECT stats_rebuild_030();
  SELECT stats_recruit_monthly_r_hired();
$$;
