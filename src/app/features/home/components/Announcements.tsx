import { useEffect, useState } from 'react';
import { Badge, Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import { MegaphoneRegular } from '@fluentui/react-icons';
import type { Announcement } from '../../../../contract/home';
import { tHome } from '../../../shared/i18n/zh-CN.home';
import { loadAnnouncements } from '../api';
import { useCardStyles } from './styles';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    paddingBottom: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  line: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, justifyContent: 'space-between' },
  title: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
});

/** 平台公告: what the operator published (pinned first, newest next); each body opens in place. */
export function Announcements() {
  const s = useStyles();
  const c = useCardStyles();
  const [list, setList] = useState<Announcement[] | null>(null);
  useEffect(() => {
    let alive = true;
    loadAnnouncements().then(
      (d) => alive && setList(d.list),
      () => alive && setList([]),
    );
    return () => {
      alive = false;
    };
  }, []);
  return (
    <Card className={c.card} data-testid="announcements">
      <div className={c.head}>
        <Text weight="semibold" className={c.title}>
          <MegaphoneRegular className={c.titleIcon} aria-hidden />
          {tHome.announcements}
        </Text>
      </div>
      {list && list.length === 0 ? (
        <Text className={c.muted}>{tHome.noAnnouncements}</Text>
      ) : (
        <ul className={s.list}>
          {(list ?? []).map((a) => (
            <li key={a.id} className={s.item}>
              <details>
                <summary className={s.line}>
                  <span className={s.title}>
                    {a.pinned && (
                      <Badge size="small" color="danger" appearance="tint">
                        {tHome.pinned}
                      </Badge>
                    )}
                    <Text weight="semibold" truncate wrap={false}>
                      {a.title}
                    </Text>
                  </span>
                  <Text size={200} className={c.muted}>
                    {a.published_at.slice(0, 10)}
                  </Text>
                </summary>
                {a.body && (
                  <Text size={200} className={c.muted}>
                    {a.body}
                  </Text>
                )}
              </details>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
