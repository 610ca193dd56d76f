import { useEffect, useState } from 'react';
import { Card, Link, makeStyles, Text, tokens } from '@fluentui/react-components';
import { HandshakeRegular } from '@fluentui/react-icons';
import { useLocation } from 'wouter';
import type { Partner } from '../../../../contract/account';
import { tHome } from '../../../shared/i18n/zh-CN.home';
import { loadPartners } from '../api';
import { useCardStyles } from './styles';

const useStyles = makeStyles({
  strip: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  tile: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground1,
    fontFamily: 'inherit',
    fontSize: tokens.fontSizeBase300,
    cursor: 'pointer',
    ':hover': { border: `${tokens.strokeWidthThin} solid ${tokens.colorBrandStroke2}` },
  },
  logo: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: tokens.spacingHorizontalXXL,
    height: tokens.spacingHorizontalXXL,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
  },
});

/** 战略合作伙伴: the partners' marks in one strip; each and 查看全部 open /strategic. */
export function PartnersStrip() {
  const s = useStyles();
  const c = useCardStyles();
  const [, navigate] = useLocation();
  const [list, setList] = useState<Partner[] | null>(null);
  useEffect(() => {
    let alive = true;
    loadPartners().then(
      (d) => alive && setList(d.list),
      () => alive && setList([]),
    );
    return () => {
      alive = false;
    };
  }, []);
  return (
    <Card className={c.card} data-testid="partners-strip">
      <div className={c.head}>
        <Text weight="semibold" className={c.title}>
          <HandshakeRegular className={c.titleIcon} aria-hidden />
          {tHome.partners}
        </Text>
        <Link onClick={() => navigate('/strategic')}>{tHome.partnersMore}</Link>
      </div>
      {list && list.length === 0 ? (
        <Text className={c.muted}>{tHome.noPartners}</Text>
      ) : (
        <div className={s.strip}>
          {(list ?? []).map((p) => (
            <button key={p.id} type="button" className={s.tile} title={p.intro} onClick={() => navigate('/strategic')}>
              <span className={s.logo} aria-hidden>
                {p.name.slice(0, 1)}
              </span>
              {p.name}
            </button>
          ))}
        </div>
      )}
    </Card>
  );
}
