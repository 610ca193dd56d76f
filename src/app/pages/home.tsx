import { Suspense } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useSnapshot } from 'valtio';
import { Announcements, LazyPartnersStrip, Onboarding, Overview, Shortcuts, StatusCards, TodoCard, useSummary, WelcomeBanner } from '../features/home';
import { useAfterFirstPaint } from '../shared/hooks/after-paint';
import { session } from '../shared/session';
import { media } from '../shared/theme';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1.4fr) minmax(0, 1fr)',
    gap: tokens.spacingHorizontalL,
    [media.narrow]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
});

/**
 * /index: who and which company, the account (membership, CRC, 灵活用工 balance), the to-do cards
 * opening their filtered lists, the overview figures, shortcuts, announcements and partners (the
 * partner strip once the page has painted: features/home/lazy.ts).
 */
export default function HomePage() {
  const s = useStyles();
  const { user } = useSnapshot(session);
  const verified = user?.company_status === 'normal';
  const summary = useSummary(verified);
  const painted = useAfterFirstPaint();
  return (
    <div className={s.root}>
      <WelcomeBanner />
      {!verified && <Onboarding />}
      <StatusCards account={verified ? (summary.data?.account ?? null) : undefined} />
      {verified ? (
        <>
          <div className={s.row}>
            <TodoCard todos={summary.data?.todos ?? null} failed={summary.failed} onRetry={summary.reload} />
            <div className={s.side}>
              <Shortcuts />
              <Announcements />
            </div>
          </div>
          <Overview data={summary.data?.overview ?? null} />
        </>
      ) : (
        <>
          <Shortcuts wide />
          <Announcements />
        </>
      )}
      {verified && painted && (
        <Suspense fallback={null}>
          <LazyPartnersStrip />
        </Suspense>
      )}
    </div>
  );
}
