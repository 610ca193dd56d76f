import { useEffect, useState } from 'react';
import { Button, Input, Option, Spinner, Tab, TabList, Text } from '@fluentui/react-components';
import { Dropdown } from '../../../shared/ui/Dropdown';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import type { CrcStats, DepartureStats, FlexStats, RecruitStats } from '../../../../contract/statistics';
import { RANGE_CODES, type RangeCode } from '../../../../contract/statistics-rules';
import { tStat } from '../../../shared/i18n/zh-CN.statistics';
import { useStreamedExport } from '../../../shared/ui/Exporting';
import { toast } from '../../../shared/lib/notify';
import { requireMember } from '../../../shared/dialogs/store';
import { EmptyState } from '../../../shared/ui';
import { exportStats, loadCrc, loadDeparture, loadFlex, loadRecruit, type Filter } from '../api';
import { CrcSection } from './CrcSection';
import { FlexSection } from './FlexSection';
import { DepartureSection } from './DepartureSection';
import { RecruitSection } from './RecruitSection';
import { useStatStyles } from './styles';

/** /statistics: time range, position and department filters over 招聘 · 离职 · 灵活用工 · CRC; 导出 .xlsx (members). */
export function StatisticsPage() {
  const s = useStatStyles();
  const streamed = useStreamedExport();
  const [filter, setFilter] = useState<Filter>({ range: '7d' });
  const [custom, setCustom] = useState({ start: '', end: '' });
  const [data, setData] = useState<{ rec: RecruitStats; dep: DepartureStats; flex: FlexStats; crc: CrcStats } | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    setFailed(false);
    Promise.all([loadRecruit(filter), loadDeparture(filter), loadFlex(filter), loadCrc(filter)]).then(
      ([rec, dep, flex, crc]) => live && setData({ rec, dep, flex, crc }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [filter, version]);

  // /statistics#flex, #departure, #crc (the home overview's links): that section once it is drawn
  const drawn = data !== null;
  useEffect(() => {
    if (!drawn || !/^#(departure|flex|crc)$/.test(location.hash)) return;
    document.getElementById(location.hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [drawn]);

  const pickRange = (r: RangeCode) => {
    if (r === 'custom') {
      setFilter((f) => ({ ...f, range: 'custom', start: custom.start || data?.rec.start, end: custom.end || data?.rec.end }));
      setCustom((c) => ({ start: c.start || data?.rec.start || '', end: c.end || data?.rec.end || '' }));
    } else setFilter((f) => ({ range: r, position_id: f.position_id, department: f.department }));
  };
  const doExport = async () => {
    if (!requireMember()) return; // members only (SPEC §6): the prompt, as the other paid actions
    // a ticket, then the file streams (issue 34); refusals (members only) are told by the request layer
    if (await streamed.run(() => exportStats(filter))) toast('success', tStat.exported);
  };
  const positions = data?.rec.position_options ?? [];
  const posLabel = positions.find((p) => p.id === filter.position_id)?.title ?? tStat.allPositions;

  return (
    <div className={s.root}>
      {streamed.view}
      <div className={`${s.panel} ${s.bar}`}>
        <TabList selectedValue={filter.range} onTabSelect={(_, v) => pickRange(v.value as RangeCode)} aria-label={tStat.title}>
          {RANGE_CODES.map((r) => (
            <Tab key={r} value={r} data-testid={`range-${r}`}>
              {tStat.ranges[r]}
            </Tab>
          ))}
        </TabList>
        {filter.range === 'custom' && (
          <>
            <Input
              type="date"
              aria-label={tStat.start}
              value={custom.start}
              onChange={(_, v) => setCustom((c) => ({ ...c, start: v.value }))}
              data-testid="custom-start"
            />
            <Input
              type="date"
              aria-label={tStat.end}
              value={custom.end}
              onChange={(_, v) => setCustom((c) => ({ ...c, end: v.value }))}
              data-testid="custom-end"
            />
            <Button onClick={() => setFilter((f) => ({ ...f, start: custom.start, end: custom.end }))} data-testid="custom-apply">
              {tStat.apply}
            </Button>
          </>
        )}
        <Dropdown
          aria-label={tStat.position}
          value={posLabel}
          selectedOptions={[String(filter.position_id ?? '')]}
          onOptionSelect={(_, v) => setFilter((f) => ({ ...f, position_id: v.optionValue ? Number(v.optionValue) : undefined }))}
          data-testid="position-filter"
        >
          <Option value="">{tStat.allPositions}</Option>
          {positions.map((p) => (
            <Option key={p.id} value={String(p.id)}>
              {p.title}
            </Option>
          ))}
        </Dropdown>
        <Dropdown
          aria-label={tStat.department}
          title={tStat.departmentHint}
          value={filter.department ?? tStat.allDepartments}
          selectedOptions={[filter.department ?? '']}
          onOptionSelect={(_, v) => setFilter((f) => ({ ...f, department: v.optionValue || undefined }))}
          data-testid="department-filter"
        >
          <Option value="">{tStat.allDepartments}</Option>
          {(data?.rec.department_options ?? []).map((d) => (
            <Option key={d} value={d}>
              {d}
            </Option>
          ))}
        </Dropdown>
        <span className={s.grow} />
        {data && (
          <Text className={s.muted} data-testid="period">
            {tStat.period(data.rec.start, data.rec.end)}
          </Text>
        )}
        <Button icon={<ArrowDownloadRegular />} disabled={streamed.busy} onClick={() => void doExport()} data-testid="stats-export">
          {tStat.export}
        </Button>
      </div>
      {failed ? (
        <EmptyState text={tStat.loadFailed} action={<Button onClick={() => setVersion((v) => v + 1)}>{tStat.retry}</Button>} />
      ) : !data ? (
        <div className={s.center}>
          <Spinner />
        </div>
      ) : (
        <>
          <RecruitSection d={data.rec} />
          <DepartureSection d={data.dep} department={filter.department} onSaved={() => setVersion((v) => v + 1)} />
          <FlexSection d={data.flex} />
          <CrcSection d={data.crc} />
        </>
      )}
    </div>
  );
}
