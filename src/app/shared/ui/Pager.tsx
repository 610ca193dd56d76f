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
  onPage: (page: number) => void;
}

/** `共 128 条  < 第 2 / 13 页 >` (domain.md §0.2). */
export function Pager({ page, pageSize, total, onPage }: PagerProps) {
  const s = useStyles();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className={s.root} aria-label={t.pager.page(page, pages)} data-testid="pager">
      <Text className={s.muted}>{t.pager.total(total)}</Text>
      <Button size="small" icon={<ChevronLeftRegular />} disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label={t.pager.prev}>
        {t.pager.prev}
      </Button>
      <Text>{t.pager.page(page, pages)}</Text>
      <Button
        size="small"
        icon={<ChevronRightRegular />}
        iconPosition="after"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        aria-label={t.pager.next}
      >
        {t.pager.next}
      </Button>
    </nav>
  );
}
