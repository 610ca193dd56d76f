import { Suspense, useEffect, useMemo } from 'react';
import { Redirect, useLocation, useRouter, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { routePerms } from '../route-perms';
import { redirects, routeSubtitle } from '../routes';
import { lazyChunk } from '../shared/lib/chunks';
import { CurrentRouteContext, type CurrentRoute } from '../shared/hooks/current-route';
import { guardRedirect, safeRedirect } from '../shared/lib/guards';
import { markPagePainted } from '../shared/lib/painted';
import { documentTitle } from '../shared/lib/title';
import { lacksIn, session } from '../shared/session';
import { LogoLoader, OfflineState } from '../shared/ui';
import { BlankLayout } from './BlankLayout';
import { ChunkBoundary } from './ChunkBoundary';
import { findRoute } from './match';
import { releaseStaleModalHiding, STALE_MODAL_CHECK_MS } from './stale-modal';
import { useSessionRefresh } from './useSessionRefresh';

// the main layout (nav, breadcrumb, footer, global dialogs) is not needed on /login
const MainLayout = lazyChunk(() => import('./MainLayout'));
// in place of a page the user's roles may not read (issue 27): rare, so not in the first route's code
const NoAccessPage = lazyChunk(() => import('./NoAccessPage'));

/** Mounts with the page (inside its Suspense): the first page has painted. */
function Painted() {
  useEffect(markPagePainted, []);
  return null;
}

/**
 * The router: plain redirects, route matching (unknown → /404), the guards of SPEC §5 on the
 * session snapshot, the document title, and the layout around the lazily loaded page.
 */
export function AppRouter() {
  const [path] = useLocation();
  const search = useSearch();
  const { parser } = useRouter();
  const snap = useSnapshot(session);
  const firstRefreshSettled = useSessionRefresh(snap.loggedIn);

  const match = useMemo(() => findRoute(parser, path), [parser, path]);
  const current = useMemo<CurrentRoute | null>(
    () =>
      match && {
        name: match.route.name,
        title: match.route.title,
        params: match.params,
        subtitle: routeSubtitle(match.params),
      },
    [match],
  );

  useEffect(() => {
    if (current) document.title = documentTitle(current.title, current.subtitle);
  }, [current]);

  // a dialog unmounted while open (its layout left) must not hide the next page (stale-modal.ts)
  useEffect(() => {
    releaseStaleModalHiding();
    const timer = setTimeout(releaseStaleModalHiding, STALE_MODAL_CHECK_MS);
    return () => clearTimeout(timer);
  }, [path]);

  const redirect = redirects[path];
  // keyed: wouter's Redirect navigates once per mount, and redirects can chain (/payTaxes → /payTaxes/list → /)
  if (redirect) return <Redirect key={redirect} to={redirect + (search ? `?${search}` : '')} replace />;
  if (!match || !current) return <Redirect key="/404" to="/404" replace />;
  const { route } = match;

  // logged in, but who we are is not known yet: the first refresh runs before any guard
  if (snap.loggedIn && !snap.user && !route.neverLogin) {
    return firstRefreshSettled ? <OfflineState /> : <LogoLoader fullPage />;
  }

  const target = guardRedirect(
    route,
    { loggedIn: snap.loggedIn, companyStatus: snap.user?.company_status, isPayTaxe: !!snap.member?.is_pay_taxe },
    path + (search ? `?${search}` : ''),
  );
  if (target) {
    // leaving /login after signing in: follow ?redirect= (inside the console only)
    const to = route.loginOnly ? safeRedirect(new URLSearchParams(search).get('redirect')) : target;
    return <Redirect key={to} to={to} replace />;
  }

  // an admitted member whose roles cannot read the page: who may, instead of its refused calls
  // (read from the snapshot: a role change re-renders and the page appears or goes at once)
  const perm = routePerms[route.name];
  const Page = perm && lacksIn(snap, perm) ? NoAccessPage : route.page;
  return (
    <CurrentRouteContext.Provider value={current}>
      {route.layout === 'main' ? (
        <ChunkBoundary>
          <Suspense fallback={<LogoLoader fullPage />}>
            <MainLayout route={route}>
              <ChunkBoundary key={route.name}>
                <Suspense fallback={<LogoLoader />}>
                  <Page key={route.name} />
                  <Painted />
                </Suspense>
              </ChunkBoundary>
            </MainLayout>
          </Suspense>
        </ChunkBoundary>
      ) : (
        <BlankLayout>
          <ChunkBoundary key={route.name}>
            <Suspense fallback={<LogoLoader />}>
              <Page key={route.name} />
              <Painted />
            </Suspense>
          </ChunkBoundary>
        </BlankLayout>
      )}
    </CurrentRouteContext.Provider>
  );
}
