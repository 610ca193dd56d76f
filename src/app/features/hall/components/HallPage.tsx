import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Avatar, Badge, Button, makeStyles, Option, Spinner, Tag, TagGroup, Text, tokens } from '@fluentui/react-components';
import { Dropdown } from '../../../shared/ui/Dropdown';
import { CheckmarkCircleFilled, DismissRegular, PersonSearchRegular, ShieldLockRegular } from '@fluentui/react-icons';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import { CITY_NAMES, EDUCATION, EXPERIENCE, JOB_STATUS, SALARY_BUCKETS, TALENT_LABELS } from '../../../../contract/vocab';
import type { HallItem } from '../../../../contract';
import { openInvite, openResume, recruitDialogs } from '../../../shared/dialogs/recruit';
import { t } from '../../../shared/i18n/zh-CN';
import { tRecruit } from '../../../shared/i18n/zh-CN.recruitment';
import { EmptyState, Pager } from '../../../shared/ui';
import { searchHall } from '../api';
import { FILTER_KEYS, queryFromSearch, withFilter, withoutFilters, withPage, type FilterKey } from '../lib/query';
import { Marked } from './Marked';

// 重复人才: the dialog and its words load on first use
const DuplicatesDialog = lazy(() => import('./DuplicatesDialog'));

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, paddingBottom: tokens.spacingVerticalXL },
  panel: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
    padding: tokens.spacingHorizontalL,
  },
  filters: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(11em, 1fr))', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  filter: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  filterLabel: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  dropdown: { minWidth: 0, width: '100%' },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', marginTop: tokens.spacingVerticalM },
  privacy: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    marginLeft: 'auto',
  },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  card: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr auto',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}`,
    ':hover': { boxShadow: tokens.shadow8 },
  },
  main: { minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  nameRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  verified: { color: tokens.colorPaletteGreenForeground1 },
  facts: { color: tokens.colorNeutralForeground2 },
  dot: { color: tokens.colorNeutralStroke1, margin: `0 ${tokens.spacingHorizontalXS}` },
  expect: { color: tokens.colorNeutralForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
  summary: { color: tokens.colorNeutralForeground3, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  actions: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignItems: 'stretch' },
  active: { color: tokens.colorPaletteGreenForeground1, fontSize: tokens.fontSizeBase200, textAlign: 'right' },
  center: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalXXL },
});

const OPTIONS: Record<FilterKey, { value: string; label: string }[]> = {
  city: CITY_NAMES.map((c) => ({ value: c, label: c })),
  education: EDUCATION.filter((e) => e.code > 0).map((e) => ({ value: String(e.code), label: e.label })),
  experience: EXPERIENCE.filter((e) => e.code !== 'any').map((e) => ({ value: e.code, label: e.label })),
  salary: SALARY_BUCKETS.map((e) => ({ value: e.code, label: e.label })),
  job_status: JOB_STATUS.map((e) => ({ value: String(e.code), label: e.label })),
  label: TALENT_LABELS.map((l) => ({ value: l, label: l })),
};
const LABELS: Record<FilterKey, string> = {
  city: tRecruit.hall.filters.city,
  education: tRecruit.hall.filters.education,
  experience: tRecruit.hall.filters.experience,
  salary: tRecruit.hall.filters.salary,
  job_status: tRecruit.hall.filters.jobStatus,
  label: tRecruit.hall.filters.label,
};

type Result = { list: HallItem[]; total: number; total_more: boolean; page: number; page_size: number; next: string; prev: string };

/** 人才大厅 (/hall): keywords from the breadcrumb search box, filters, paged candidate cards. */
export function HallPage() {
  const s = useStyles();
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = useMemo(() => queryFromSearch(search), [search]);
  const params = new URLSearchParams(search);
  const { inviteSent } = useSnapshot(recruitDialogs);
  const [result, setResult] = useState<Result | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [dupOpen, setDupOpen] = useState(false);

  useEffect(() => {
    const ctl = new AbortController();
    setFailed(false);
    searchHall(query, ctl.signal).then(setResult, (e: unknown) => {
      if (!ctl.signal.aborted) setFailed(Boolean(e));
    });
    return () => ctl.abort();
  }, [query, attempt, inviteSent]);

  const go = (next: string) => navigate(`/hall${next}`);
  const hasFilters = FILTER_KEYS.some((k) => params.get(k));

  return (
    <div className={s.root}>
      <section className={s.panel} aria-label={tRecruit.hall.title}>
        <div className={s.filters}>
          {FILTER_KEYS.map((k) => {
            const value = params.get(k) ?? '';
            const chosen = OPTIONS[k].find((o) => o.value === value);
            return (
              <div key={k} className={s.filter}>
                <span className={s.filterLabel} id={`hall-${k}`}>
                  {LABELS[k]}
                </span>
                <Dropdown
                  className={s.dropdown}
                  aria-labelledby={`hall-${k}`}
                  value={chosen?.label ?? tRecruit.hall.any}
                  selectedOptions={[value]}
                  onOptionSelect={(_, d) => go(withFilter(search, k, d.optionValue ?? ''))}
                  data-testid={`hall-filter-${k}`}
                >
                  <Option value="">{tRecruit.hall.any}</Option>
                  {OPTIONS[k].map((o) => (
                    <Option key={o.value} value={o.value}>
                      {o.label}
                    </Option>
                  ))}
                </Dropdown>
              </div>
            );
          })}
        </div>
        <div className={s.bar}>
          {query.keywords && (
            <Button
              size="small"
              shape="circular"
              icon={<DismissRegular />}
              iconPosition="after"
              aria-label={tRecruit.hall.clearKeyword}
              onClick={() => go(withFilter(search, 'keywords' as FilterKey, ''))}
            >
              {tRecruit.hall.keyword(query.keywords)}
            </Button>
          )}
          {hasFilters && (
            <Button size="small" appearance="subtle" onClick={() => go(withoutFilters(search))}>
              {tRecruit.hall.reset}
            </Button>
          )}
          {result && (
            <Text weight="semibold" data-testid="hall-total">
              {tRecruit.hall.total(result.total, result.total_more)}
            </Text>
          )}
          {/* open to all: the dialog says who may (NoAccess) to those whose roles do not */}
          <Button size="small" onClick={() => setDupOpen(true)} data-testid="hall-duplicates">
            {tRecruit.hall.duplicates}
          </Button>
          <span className={s.privacy}>
            <ShieldLockRegular aria-hidden />
            {tRecruit.hall.privacy}
          </span>
        </div>
      </section>

      {dupOpen && (
        <Suspense fallback={null}>
          <DuplicatesDialog
            onClose={() => {
              setDupOpen(false);
              setAttempt((n) => n + 1);
            }}
            onOpenResume={(id) => {
              setDupOpen(false);
              openResume(id);
            }}
          />
        </Suspense>
      )}
      {failed ? (
        <section className={s.panel}>
          <EmptyState text={tRecruit.hall.loadFailed} action={<Button onClick={() => setAttempt((n) => n + 1)}>{tRecruit.hall.retry}</Button>} />
        </section>
      ) : !result ? (
        <div className={s.center}>
          <Spinner label={t.state.loadingOverlay} />
        </div>
      ) : result.list.length === 0 ? (
        <section className={s.panel}>
          <EmptyState text={tRecruit.hall.empty} description={tRecruit.hall.emptyHint} />
        </section>
      ) : (
        <>
          <div className={s.list} data-testid="hall-list">
            {result.list.map((c) => (
              <Card key={c.id} c={c} keyword={query.keywords} />
            ))}
          </div>
          <Pager page={result.page} pageSize={result.page_size} total={result.total} more={result.total_more} onPage={(p) => go(withPage(search, p, result))} />
        </>
      )}
    </div>
  );
}

function Card({ c, keyword }: { c: HallItem; keyword: string | undefined }) {
  const s = useStyles();
  const facts = [c.gender, tRecruit.hall.age(c.age), c.work_exp, c.education, c.job_status].filter(Boolean);
  return (
    <article className={s.card} data-testid="hall-card" data-id={c.id}>
      <Avatar size={56} name={c.realname} color="colorful" image={c.avatar ? { src: c.avatar } : undefined} />
      <div className={s.main}>
        <div className={s.nameRow}>
          <Text size={500} weight="semibold">
            {c.realname}
          </Text>
          {c.verify_status ? (
            <Badge appearance="tint" color="success" size="small" icon={<CheckmarkCircleFilled className={s.verified} />}>
              {tRecruit.hall.verified}
            </Badge>
          ) : null}
          <Text className={s.facts}>
            {facts.map((f, i) => (
              <span key={f}>
                {i > 0 && <span className={s.dot}>|</span>}
                {f}
              </span>
            ))}
          </Text>
        </div>
        <Text className={s.expect}>
          <span className={s.muted}>{tRecruit.hall.expect}：</span>
          <Marked text={[c.expect_city, c.expect_job, c.expect_salary].filter(Boolean).join(' · ')} keyword={keyword} />
        </Text>
        {c.last_company && (
          <Text className={s.muted}>
            {tRecruit.hall.lastJob}：<Marked text={`${c.last_company} · ${c.last_job}`} keyword={keyword} />
          </Text>
        )}
        {c.labels.length > 0 && (
          <TagGroup aria-label={tRecruit.resume.labels}>
            {c.labels.map((l) => (
              <Tag key={l} size="extra-small" appearance="brand">
                <Marked text={l} keyword={keyword} />
              </Tag>
            ))}
          </TagGroup>
        )}
        <Text className={s.summary} title={c.evaluation}>
          <Marked text={c.evaluation} keyword={keyword} />
        </Text>
      </div>
      <div className={s.actions}>
        {c.active && <span className={s.active}>{c.active}</span>}
        <Button icon={<PersonSearchRegular />} onClick={() => openResume(c.id)} data-testid="hall-view">
          {tRecruit.hall.viewResume}
        </Button>
        <Button appearance="primary" disabled={c.invited} onClick={() => openInvite({ id: c.id, type: 'user' })} data-testid="hall-invite">
          {c.invited ? tRecruit.hall.invited : tRecruit.hall.invite}
        </Button>
      </div>
    </article>
  );
}
