import { lazy, Suspense } from 'react';
import { makeStyles, mergeClasses, Overflow, OverflowItem, tokens } from '@fluentui/react-components';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { t } from '../shared/i18n/zh-CN';
import { useAfterFirstPaint } from '../shared/hooks/after-paint';
import { session, useLacks } from '../shared/session';
import { layers, media, sizes } from '../shared/theme';
import { Brand } from './Brand';
import { NavMore } from './NavMore';
import { navItems } from './navItems';
import { PlanDropdown } from './PlanDropdown';
import { UserMenu } from './UserMenu';

// the upload center (its button, store, catalog and worker bridge) loads after the first page has
// painted and its first calls are answered (issue 17: ~11 KB gzip out of the first paint)
const UploadCenterButton = lazy(() => import('../features/upload').then((m) => ({ default: m.UploadCenterButton })));
// 消息中心's bell (issue 32 item 4): its code, words and polling load after the first paint too
const Bell = lazy(() => import('../features/messages/Bell'));

const useStyles = makeStyles({
  bar: {
    position: 'sticky',
    top: 0,
    zIndex: layers.nav,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  inner: {
    maxWidth: sizes.contentMax,
    height: sizes.navHeight,
    margin: '0 auto',
    padding: `0 ${tokens.spacingHorizontalL}`,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXL,
    [media.phone]: { gap: tokens.spacingHorizontalS, padding: `0 ${tokens.spacingHorizontalS}` },
  },
  nav: { flexGrow: 1, minWidth: 0, alignSelf: 'stretch', display: 'flex' },
  items: {
    display: 'flex',
    alignItems: 'stretch',
    alignSelf: 'stretch',
    gap: tokens.spacingHorizontalXS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    minWidth: 0,
    flexGrow: 1,
    // the entries that do not fit go into 更多 (NavMore), never out of reach
    overflow: 'hidden',
  },
  li: { display: 'flex' },
  item: {
    display: 'flex',
    alignItems: 'center',
    padding: `0 ${tokens.spacingHorizontalM}`,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase400,
    textDecorationLine: 'none',
    whiteSpace: 'nowrap',
    borderBottom: `${tokens.strokeWidthThicker} solid transparent`,
    borderTop: `${tokens.strokeWidthThicker} solid transparent`,
    transitionProperty: 'color, border-color',
    transitionDuration: tokens.durationFaster,
    ':hover': { color: tokens.colorBrandForeground1 },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: `calc(${tokens.strokeWidthThick} * -1)` },
  },
  active: {
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
    borderBottomColor: tokens.colorBrandStroke1,
  },
  right: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    flexShrink: 0,
    [media.phone]: { gap: 0 },
  },
});

/** Logo, the six primary items (完税服务 only with the tax flag; those the roles allow), 面试安排 and the user menu. */
export function TopNav({ activeName }: { activeName: string }) {
  const s = useStyles();
  const { member, user } = useSnapshot(session);
  const items = navItems(member, useLacks());
  const uploadShown = useAfterFirstPaint();
  return (
    <header className={s.bar}>
      <div className={s.inner}>
        <Brand collapse />
        <nav aria-label={t.nav.mainNav} data-testid="top-nav" className={s.nav}>
          <Overflow minimumVisible={1}>
            <ul className={s.items}>
              {items.map((item) => {
                const active = item.name === activeName;
                return (
                  // the active entry is the last to go into 更多
                  <OverflowItem key={item.name} id={item.name} priority={active ? 1 : 0}>
                    <li className={s.li}>
                      <Link href={item.href} className={mergeClasses(s.item, active && s.active)} aria-current={active ? 'page' : undefined}>
                        {item.label}
                      </Link>
                    </li>
                  </OverflowItem>
                );
              })}
              <NavMore items={items} activeName={activeName} />
            </ul>
          </Overflow>
        </nav>
        <div className={s.right}>
          {uploadShown && (
            <Suspense fallback={null}>
              <UploadCenterButton />
            </Suspense>
          )}
          {uploadShown && user?.company_status === 'normal' && (
            <Suspense fallback={null}>
              <Bell />
            </Suspense>
          )}
          <PlanDropdown />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
