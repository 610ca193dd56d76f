import { lazy, Suspense, type ReactNode } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useSnapshot } from 'valtio';
import { routeByName, type RouteDef } from '../routes';
import { net } from '../shared/lib/net';
import { notices } from '../shared/session';
import { sizes } from '../shared/theme';
import { OfflineState } from '../shared/ui';
import { BreadcrumbBar } from './BreadcrumbBar';
import { GlobalDialogs } from './dialogs/GlobalDialogs';
import { Footer } from './Footer';
import { routeChain } from './match';
import { TopNav } from './TopNav';

// the notices' code loads when one shows
const Notices = lazy(() => import('./Notices'));

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  column: {
    width: '100%',
    maxWidth: sizes.contentMax,
    margin: '0 auto',
    padding: `0 ${tokens.spacingHorizontalL}`,
    boxSizing: 'border-box',
    flexGrow: 1,
    display: 'flex',
    flexDirection: 'column',
  },
  main: { flexGrow: 1, display: 'flex', flexDirection: 'column' },
});

/** The console's layout (SPEC §2): top nav, breadcrumb bar, content, footer, global dialogs, notices. */
export default function MainLayout({ route, children }: { route: RouteDef; children: ReactNode }) {
  const s = useStyles();
  const { offline } = useSnapshot(net);
  const { approved, urgeCount } = useSnapshot(notices);
  const activeName = routeChain(route, routeByName)[0]?.name ?? route.name;
  return (
    <div className={s.root}>
      <TopNav activeName={activeName} />
      <div className={s.column}>
        <BreadcrumbBar route={route} />
        <main className={s.main} id="main">
          {offline ? <OfflineState /> : children}
        </main>
      </div>
      <Footer />
      {(approved || urgeCount > 0) && (
        <Suspense fallback={null}>
          <Notices />
        </Suspense>
      )}
      <GlobalDialogs />
    </div>
  );
}
