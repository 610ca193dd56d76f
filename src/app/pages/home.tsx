import { makeStyles, tokens } from '@fluentui/react-components';
import { useSnapshot } from 'valtio';
import { Onboarding, Shortcuts, StatusCards, TodoCard, WelcomeBanner } from '../features/home';
import { session } from '../shared/session';
import { media } from '../shared/theme';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.4fr)',
    gap: tokens.spacingHorizontalL,
    [media.narrow]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
});

/** /index: what the session knows — who, which company, membership, CRC, two to-dos, shortcuts. */
export default function HomePage() {
  const s = useStyles();
  const { user } = useSnapshot(session);
  const verified = user?.company_status === 'normal';
  return (
    <div className={s.root}>
      <WelcomeBanner />
      {!verified && <Onboarding />}
      <StatusCards />
      {verified ? (
        <div className={s.row}>
          <TodoCard />
          <Shortcuts />
        </div>
      ) : (
        <Shortcuts wide />
      )}
    </div>
  );
}
