import { useEffect, useState, type ReactNode } from 'react';
import { Button, Input, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronRightRegular, SearchRegular } from '@fluentui/react-icons';
import { Link, useLocation, useSearch } from 'wouter';
import { routePerms } from '../route-perms';
import { routeByName, type RouteDef } from '../routes';
import { useCurrentRoute } from '../shared/hooks/current-route';
import { t } from '../shared/i18n/zh-CN';
import { nextSearch, withKeywords } from '../shared/lib/search';
import { useLacks } from '../shared/session';
import { sizes } from '../shared/theme';
import { routeChain } from './match';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    minHeight: sizes.breadcrumbBar,
    paddingTop: tokens.spacingVerticalS,
    paddingBottom: tokens.spacingVerticalS,
  },
  // a plain list of links: Fluent's Breadcrumb would bring Tabster's arrow-key navigation into
  // every page's first paint for four links (docs/decisions.md, "Layout weight")
  list: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
  },
  item: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  link: {
    color: tokens.colorNeutralForeground2,
    textDecorationLine: 'none',
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalXS}`,
    borderRadius: tokens.borderRadiusMedium,
    ':hover': { color: tokens.colorBrandForeground1, backgroundColor: tokens.colorSubtleBackgroundHover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  current: {
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalXS}`,
  },
  divider: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, flexShrink: 0 },
  subtitle: { color: tokens.colorNeutralForeground3, fontWeight: tokens.fontWeightRegular },
  search: { width: sizes.searchBox, maxWidth: '100%' },
});

/** Breadcrumb from the route's parent chain (首页 › 全职招聘 › 收到的简历 · 职位名), the notices (`children`) and the optional search box. */
export function BreadcrumbBar({ route, children }: { route: RouteDef; children?: ReactNode }) {
  const s = useStyles();
  const { subtitle } = useCurrentRoute();
  const chain = routeChain(route, routeByName);
  // nothing to search on a page the roles cannot read (issue 27)
  const lacks = useLacks();
  const perm = routePerms[route.name];
  const readable = !(perm && lacks(perm));
  const home = routeByName.get('index');
  if (home && chain[0]?.name !== 'index') chain.unshift(home);

  return (
    <div className={s.root}>
      <nav aria-label={t.nav.breadcrumb} data-testid="breadcrumb">
        <ol className={s.list}>
          {chain.map((r, i) => {
            const last = i === chain.length - 1;
            return (
              <li key={r.name} className={s.item}>
                {last ? (
                  <span className={s.current} aria-current="page">
                    {r.title}
                    {subtitle && <span className={s.subtitle}>&nbsp;·&nbsp;{subtitle}</span>}
                  </span>
                ) : (
                  <>
                    <Link href={r.path} className={s.link}>
                      {r.title}
                    </Link>
                    <ChevronRightRegular className={s.divider} aria-hidden />
                  </>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      {children}
      {route.search && readable && <SearchBox className={s.search} />}
    </div>
  );
}

const useSearchStyles = makeStyles({
  input: { width: '100%' },
  // the button after the box is the one way to search; no native clear cross
  native: { '::-webkit-search-cancel-button': { display: 'none' } },
});

/** Search on Enter or the icon; only when the trimmed keywords changed. Sets `?keywords=`. */
function SearchBox({ className }: { className: string }) {
  const s = useSearchStyles();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const searched = new URLSearchParams(search).get('keywords') ?? '';
  const [value, setValue] = useState(searched);
  // a navigation (back/forward, a link) brings its own keywords
  useEffect(() => setValue(searched), [searched]);

  const submit = () => {
    const next = nextSearch(value, searched);
    if (next === null) return;
    setValue(next);
    navigate(path + withKeywords(search, next));
  };

  return (
    <div className={className} data-testid="breadcrumb-search" role="search">
      <Input
        className={s.input}
        input={{ className: s.native }}
        value={value}
        onChange={(_, d) => setValue(d.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.nativeEvent.isComposing) submit();
        }}
        type="search"
        placeholder={t.state.searchPlaceholder}
        aria-label={t.state.searchPlaceholder}
        name="keywords"
        data-testid="search-box"
        contentAfter={
          <Button appearance="transparent" size="small" icon={<SearchRegular />} aria-label={t.nav.search} onClick={submit} data-testid="search-button" />
        }
      />
    </div>
  );
}
