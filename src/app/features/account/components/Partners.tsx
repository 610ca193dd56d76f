import { useEffect, useState } from 'react';
import { Avatar, Card, Link, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import type { Partner } from '../../../../contract';
import { t } from '../../../shared/i18n/zh-CN';
import { tAccounts } from '../../../shared/i18n/zh-CN.accounts';
import { media } from '../../../shared/theme';
import { EmptyState } from '../../../shared/ui';
import { listPartners } from '../api';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  muted: { color: tokens.colorNeutralForeground3 },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalL,
    [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [media.phone]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  card: { padding: tokens.spacingVerticalL, gap: tokens.spacingVerticalS },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  name: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  tag: { color: tokens.colorBrandForeground1 },
  foot: { display: 'flex', justifyContent: 'space-between', marginTop: 'auto' },
});

/** /strategic: the platform's strategic partners. */
export function Partners() {
  const s = useStyles();
  const [list, setList] = useState<Partner[] | null>(null);
  useEffect(() => {
    listPartners().then(
      (d) => setList(d.list),
      () => setList([]),
    );
  }, []);
  const p = tAccounts.strategic;
  return (
    <div className={s.root}>
      <div>
        <Text as="h1" size={600} weight="semibold">
          {p.title}
        </Text>
        <br />
        <Text className={s.muted}>{p.intro}</Text>
      </div>
      {!list ? (
        <Spinner label={t.state.loading} />
      ) : list.length === 0 ? (
        <EmptyState />
      ) : (
        <div className={s.grid} data-testid="partners">
          {list.map((x) => (
            <Card key={x.id} className={s.card}>
              <div className={s.head}>
                <Avatar name={x.name} shape="square" size={48} color="colorful" />
                <div className={s.name}>
                  <Text weight="semibold">{x.name}</Text>
                  <Text size={200} className={s.tag}>
                    {x.category}
                  </Text>
                </div>
              </div>
              <Text size={200} className={s.muted}>
                {x.intro}
              </Text>
              <div className={s.foot}>
                <Text size={200} className={s.muted}>
                  {x.since ? p.since(x.since) : ''}
                </Text>
                {x.website && (
                  <Link href={x.website} target="_blank" rel="noopener noreferrer">
                    {p.visit}
                  </Link>
                )}
              </div>
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}
