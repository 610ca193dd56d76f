import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { t } from '../i18n/zh-CN';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS, padding: `${tokens.spacingVerticalM} 0` },
  muted: { color: tokens.colorNeutralForeground3 },
});

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** the list has more rows than `total` counts (the server stops counting, issue 34): 共 10000+ 条 */
  more?: boolean;
  onPage: (page: number) => void;
}

/** `共 128 条  < 第 2 / 13 页 >` (domain.md §0.2). */
export function Pager({ page, pageSize, total, more, onPage }: PagerProps) {
  const s = useStyles();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const plus = more ? '+' : '';
  return (
    <nav className={s.root} aria-label={t.pager.page(page, pages + plus)} data-testid="pager">
      <Text className={s.muted}>{t.pager.total(total + plus)}</Text>
      <Button size="small" icon={<ChevronLeftRegular />} disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label={t.pager.prev}>
        {t.pager.prev}
      </Button>
      <Text>{t.pager.page(page, pages + plus)}</Text>
      <Button
        size="small"
        icon={<ChevronRightRegular />}
        iconPosition="after"
        disabled={page >= pages && !more}
        onClick={() => onPage(page + 1)}
        aria-label={t.pager.next}
      >
        {t.pager.next}
      </Button>
    </nav>
  );
}

/**
 * Keyset paging in the console (issue 34): the pager keeps its page numbers; the next or the
 * previous page is asked for with the shown page's cursor (the server finds it by index, and rows
 * that arrive meanwhile neither repeat nor vanish); a jump to another page goes by number. Here,
 * not in a module of its own: that would be one more chunk every route's preload list names.
 */
export interface PageAt {
  page: number;
  after?: string;
  before?: string;
}

/** The query of page `to`, seen from the page `shown` (null: none yet). */
export function pageAt(to: number, shown: { page: number; next?: string; prev?: string } | null | undefined): PageAt {
  if (shown && to === shown.page + 1 && shown.next) return { page: to, after: shown.next };
  if (shown && to === shown.page - 1 && to > 1 && shown.prev) return { page: to, before: shown.prev };
  return { page: to };
}
