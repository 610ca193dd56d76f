import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useSnapshot } from 'valtio';
import { routeByName, type RouteDef } from '../routes';
import { isBusy } from '../shared/lib/busy';
import { lazyChunk } from '../shared/lib/chunks';
import { net, onNetworkBack } from '../shared/lib/net';
import { notices } from '../shared/session';
import { sizes } from '../shared/theme';
import { OfflineState } from '../shared/ui';
import { BreadcrumbBar } from './BreadcrumbBar';
import { ChunkBoundary } from './ChunkBoundary';
import { GlobalDialogs } from './dialogs/GlobalDialogs';
import { Footer } from './Footer';
import { routeChain } from './match';
import { TopNav } from './TopNav';

// the notices' code loads when one shows
const Notices = lazyChunk(() => import('./Notices'));

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
  content: { flexGrow: 1, display: 'flex', flexDirection: 'column' },
  hidden: { display: 'none' },
});

/**
 * The page stays mounted under the offline state (a form keeps its input); when the network
 * comes back it is mounted afresh so its data loads again — unless a form has unsaved input or
 * an upload runs (busy.ts), which keep what they have.
 */
function useRemountOnNetworkBack(): number {
  const [epoch, setEpoch] = useState(0);
  useEffect(
    () =>
      onNetworkBack(() => {
        if (!isBusy()) setEpoch((n) => n + 1);
      }),
    [],
  );
  return epoch;
}

/** The console's layout (SPEC §2): top nav, breadcrumb bar with the notices (in the flow, hiding nothing, moving nothing), content, footer, global dialogs. */
export default function MainLayout({ route, children }: { route: RouteDef; children: ReactNode }) {
  const s = useStyles();
  const { offline } = useSnapshot(net);
  const epoch = useRemountOnNetworkBack();
  const { approved, urgeCount } = useSnapshot(notices);
  const activeName = routeChain(route, routeByName)[0]?.name ?? route.name;
  return (
    <div className={s.root}>
      <TopNav activeName={activeName} />
      <div className={s.column}>
        <BreadcrumbBar route={route}>
          {(approved || urgeCount > 0) && (
            <ChunkBoundary quiet>
              <Suspense fallback={null}>
                <Notices />
              </Suspense>
            </ChunkBoundary>
          )}
        </BreadcrumbBar>
        <main className={s.main} id="main">
          {offline && <OfflineState />}
          <div className={mergeClasses(s.content, offline && s.hidden)} key={epoch}>
            {children}
          </div>
        </main>
      </div>
      <Footer />
      <GlobalDialogs />
    </div>
  );
}
