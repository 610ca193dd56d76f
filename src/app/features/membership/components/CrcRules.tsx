import { useEffect, useState } from 'react';
import {
  Badge,
  makeStyles,
  Spinner,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  TabList,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useSnapshot } from 'valtio';
import type { CrcConfigure } from '../../../../contract';
import { t } from '../../../shared/i18n/zh-CN';
import { tMembership } from '../../../shared/i18n/zh-CN.membership';
import { loadSetting, session } from '../../../shared/session';
import { TableScroll } from '../../../shared/ui';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  intro: { color: tokens.colorNeutralForeground3 },
  earn: { color: tokens.colorPaletteGreenForeground1, fontWeight: tokens.fontWeightSemibold },
  spend: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  note: { color: tokens.colorNeutralForeground3 },
  center: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalL },
});

interface Row {
  key: string;
  name: string;
  type: 'earn' | 'spend';
  value: string;
  note: string;
}

/** Company rules: the values of setting.configure plus the fixed rules of SPEC §9. */
export function companyRules(configure: CrcConfigure): Row[] {
  const rules = tMembership.crc.rules;
  const fromConfig = (Object.keys(rules) as (keyof typeof rules)[]).map((k) => ({
    key: k,
    name: rules[k].name,
    type: rules[k].type as 'earn' | 'spend',
    value: `${rules[k].type === 'earn' ? '+' : '-'}${configure[k]} CRC`,
    note: rules[k].note,
  }));
  const fixed = tMembership.crc.fixed.map((r, i) => ({ key: `fixed${i}`, ...r, type: r.type as 'earn' | 'spend' }));
  return [...fromConfig, ...fixed];
}

function RulesTable({ rows }: { rows: Row[] }) {
  const s = useStyles();
  const c = tMembership.crc.cols;
  return (
    <TableScroll label={tMembership.crc.title} minWidth={'560px'}>
      <Table size="small" aria-label={tMembership.crc.title}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{c.name}</TableHeaderCell>
            <TableHeaderCell>{c.type}</TableHeaderCell>
            <TableHeaderCell>{c.value}</TableHeaderCell>
            <TableHeaderCell>{c.note}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.key}>
              <TableCell>{r.name}</TableCell>
              <TableCell>
                <Badge appearance="tint" color={r.type === 'earn' ? 'success' : 'danger'}>
                  {r.type === 'earn' ? tMembership.crc.earn : tMembership.crc.spend}
                </Badge>
              </TableCell>
              <TableCell className={r.type === 'earn' ? s.earn : s.spend}>{r.value}</TableCell>
              <TableCell className={s.note}>{r.note}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScroll>
  );
}

/** The CRC rules dialog's body: tabs 企业CRC规则 / 部门CRC规则 (messages.md). */
export function CrcRules() {
  const s = useStyles();
  const { setting } = useSnapshot(session);
  const [tab, setTab] = useState<'company' | 'dept'>('company');
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    loadSetting().catch(() => setFailed(true));
  }, []);
  return (
    <div className={s.root} data-testid="crc-rules">
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as 'company' | 'dept')}>
        <Tab value="company">{tMembership.crc.tabs[0]}</Tab>
        <Tab value="dept">{tMembership.crc.tabs[1]}</Tab>
      </TabList>
      {tab === 'company' ? (
        <>
          <Text className={s.intro}>{tMembership.crc.intro}</Text>
          {setting ? (
            <RulesTable rows={companyRules(setting.setting.configure as CrcConfigure)} />
          ) : failed ? (
            <Text className={s.note}>{tMembership.vip.loadFailed}</Text>
          ) : (
            <div className={s.center}>
              <Spinner size="small" label={t.state.loading} />
            </div>
          )}
        </>
      ) : (
        <>
          <Text className={s.intro}>{tMembership.crc.deptIntro}</Text>
          <RulesTable rows={tMembership.crc.dept.map((r, i) => ({ key: `d${i}`, ...r, type: r.type as 'earn' | 'spend' }))} />
        </>
      )}
    </div>
  );
}
