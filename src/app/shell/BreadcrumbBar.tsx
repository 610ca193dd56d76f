import { Fragment, useEffect, useState } from 'react';
import {
  Breadcrumb,
  BreadcrumbButton,
  BreadcrumbDivider,
  BreadcrumbItem,
  Button,
  Input,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useLocation, useSearch } from 'wouter';
import { routeByName, type RouteDef } from '../routes';
import { useCurrentRoute } from '../shared/hooks/current-route';
import { t } from '../shared/i18n/zh-CN';
import { nextSearch, withKeywords } from '../shared/lib/search';
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
  subtitle: { color: tokens.colorNeutralForeground3 },
  search: { width: sizes.searchBox, maxWidth: '100%' },
});

/** Breadcrumb from the route's parent chain (首页 › 全职招聘 › 收到的简历 · 职位名) and the optional search box. */
export function BreadcrumbBar({ route }: { route: RouteDef }) {
  const s = useStyles();
  const [, navigate] = useLocation();
  const { subtitle } = useCurrentRoute();
  const chain = routeChain(route, routeByName);
  const home = routeByName.get('index');
  if (home && chain[0]?.name !== 'index') chain.unshift(home);

  return (
    <div className={s.root}>
      <Breadcrumb aria-label={t.nav.breadcrumb} size="medium">
        {chain.map((r, i) => {
          const last = i === chain.length - 1;
          return (
            <Fragment key={r.name}>
              <BreadcrumbItem>
                {last ? (
                  <BreadcrumbButton current>
                    {r.title}
                    {subtitle && <span className={s.subtitle}>&nbsp;·&nbsp;{subtitle}</span>}
                  </BreadcrumbButton>
                ) : (
                  <BreadcrumbButton href={r.path} onClick={(e) => (e.preventDefault(), navigate(r.path))}>
                    {r.title}
                  </BreadcrumbButton>
                )}
              </BreadcrumbItem>
              {!last && <BreadcrumbDivider />}
            </Fragment>
          );
        })}
      </Breadcrumb>
      {route.search && <SearchBox className={s.search} />}
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
          <Button
            appearance="transparent"
            size="small"
            icon={<SearchRegular />}
            aria-label={t.nav.search}
            onClick={submit}
            data-testid="search-button"
          />
        }
      />
    </div>
  );
}
