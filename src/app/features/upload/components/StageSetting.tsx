import { memo, useEffect, useState } from 'react';
import { makeStyles, Switch, Text, tokens } from '@fluentui/react-components';
import { useSnapshot } from 'valtio';
import { tUpload } from '../../../shared/i18n/zh-CN.upload';
import { formatBytes } from '../lib/format';
import { storageFacts, stagingOffered, writeStagePref } from '../lib/stage';
import { uploads } from '../store';

const useStyles = makeStyles({
  box: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, paddingLeft: tokens.spacingHorizontalS },
});

/**
 * 在本机暂存上传中的文件: the opt-in staged copy in OPFS, offered where the browser keeps no file
 * handle (a reload would otherwise ask for the file again). Says what it costs and what is free.
 * Memoised: the drawer re-renders when the queue changes (a file added, a state, a note); this
 * part reads its own state and re-renders only for that.
 */
export const StageSetting = memo(function StageSetting() {
  const s = useStyles();
  const snap = useSnapshot(uploads);
  const [facts, setFacts] = useState<{ free: number | null; staged: number } | null>(null);
  const offered = stagingOffered();
  // the facts again whenever a copy starts, finishes or goes
  const copies = Object.values(snap.staged)
    .map((x) => x.status)
    .join();
  useEffect(() => {
    if (!offered) return;
    let alive = true;
    void storageFacts().then((f) => alive && setFacts(f));
    return () => {
      alive = false;
    };
  }, [offered, snap.stage, copies]);
  if (!offered) return null;
  const t = tUpload.upload.stage;
  const staged = formatBytes(facts?.staged ?? 0);
  return (
    <div className={s.box} data-testid="upload-stage-setting">
      <Switch
        checked={snap.stage}
        label={t.label}
        onChange={(_, d) => {
          uploads.stage = d.checked;
          writeStagePref(d.checked);
        }}
        data-testid="upload-stage-switch"
      />
      <Text className={s.muted}>{t.hint}</Text>
      <Text className={s.muted} data-testid="upload-stage-facts">
        {facts?.free != null ? t.facts(formatBytes(facts.free), staged) : t.factsUnknown(staged)}
      </Text>
    </div>
  );
});
