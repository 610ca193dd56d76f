import { Card, Link, makeStyles, Text, tokens } from '@fluentui/react-components';
import { DataBarVerticalRegular, DoorArrowLeftRegular, PeopleSearchRegular, TaskListSquareLtrRegular } from '@fluentui/react-icons';
import type { FluentIcon } from '@fluentui/react-icons';
import { useLocation } from 'wouter';
import type { HomeSummary } from '../../../../contract/home';
import { fenText } from '../../../../contract/money';
import type { FigureId } from '../../../../contract/statistics-defs';
import { tHome } from '../../../shared/i18n/zh-CN.home';
import { media } from '../../../shared/theme';
import { FigureTip } from './FigureTip';
import { useCardStyles } from './styles';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalL,
    [media.narrow]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  figures: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(0, 1fr))', gridAutoFlow: 'column', gap: tokens.spacingHorizontalS },
  figure: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  value: { fontSize: tokens.fontSizeBase600, fontWeight: tokens.fontWeightSemibold, lineHeight: tokens.lineHeightBase600 },
  tip: { border: 'none', background: 'none', padding: `0 ${tokens.spacingHorizontalXXS}`, color: 'inherit', font: 'inherit', cursor: 'pointer' },
});

const O = tHome.overview;

function Block({
  title,
  hint,
  icon: Icon,
  figures,
  testId,
  href,
}: {
  title: string;
  hint: string;
  icon: FluentIcon;
  /** label, value, its definition (contract/statistics-defs) */
  figures: [string, string, FigureId][];
  testId: string;
  href: string;
}) {
  const s = useStyles();
  const c = useCardStyles();
  const [, navigate] = useLocation();
  return (
    <Card className={c.card} data-testid={testId}>
      <div className={c.head}>
        <Text weight="semibold" className={c.title}>
          <Icon className={c.titleIcon} aria-hidden />
          {title}
        </Text>
        <Text size={200} className={c.muted}>
          {hint}
        </Text>
      </div>
      <div className={s.figures}>
        {figures.map(([label, value, id]) => (
          <div key={label} className={s.figure}>
            <span className={s.value}>{value}</span>
            <Text size={200} className={c.muted}>
              {label}
              <FigureTip id={id} label={label} className={s.tip} />
            </Text>
          </div>
        ))}
      </div>
      <div className={c.foot}>
        <span />
        <Link onClick={() => navigate(href)}>
          <DataBarVerticalRegular aria-hidden /> {O.more}
        </Link>
      </div>
    </Card>
  );
}

/** 招聘概况 (近7天) · 灵活用工概况 (本月) · 离职概况 (本月), figures of GET /index/summary. */
export function Overview({ data }: { data: HomeSummary['overview'] | null }) {
  const s = useStyles();
  const v = (x: number | undefined) => (x === undefined ? '—' : x.toLocaleString('zh-CN'));
  return (
    <div className={s.grid}>
      <Block
        title={O.recruit}
        hint={O.recruitHint}
        icon={PeopleSearchRegular}
        testId="overview-recruit"
        href="/statistics"
        figures={[
          [O.openPositions, v(data?.recruit.open_positions), 'open-positions'],
          [O.applies, v(data?.recruit.applies), 'applies'],
          [O.invited, v(data?.recruit.invited), 'invited'],
          [O.hired, v(data?.recruit.hired), 'hired'],
        ]}
      />
      <Block
        title={O.flex}
        hint={O.flexHint}
        icon={TaskListSquareLtrRegular}
        testId="overview-flex"
        href="/statistics#flex"
        figures={[
          [O.activeTasks, v(data?.flex.active_tasks), 'flex-active'],
          [O.monthAmount, data ? fenText(data.flex.month_amount) : '—', 'flex-gross'],
          [O.monthCount, v(data?.flex.month_count), 'flex-paid'],
        ]}
      />
      <Block
        title={O.departure}
        hint={O.departureHint}
        icon={DoorArrowLeftRegular}
        testId="overview-departure"
        href="/statistics#departure"
        figures={[
          [O.monthLeft, v(data?.departure.month_left), 'left'],
          [O.monthProofs, v(data?.departure.month_proofs), 'proofs'],
        ]}
      />
    </div>
  );
}
