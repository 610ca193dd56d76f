import { useRef, useState } from 'react';
import { Button, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
// icons the console already ships (a new icon of a shared icon module would grow the first paint of /index)
import { CheckmarkCircleRegular, DocumentCheckmarkRegular, ErrorCircleRegular, LockClosedRegular, WarningFilled } from '@fluentui/react-icons';
import type { VerifyData } from '../../../../contract/sign-evidence';
import { tVerify as T } from '../../../shared/i18n/zh-CN.verify';
import { HashText } from '../../../shared/ui/HashText';
import { usePhoneStyles } from '../../../shared/ui/phone';
import { ApiError } from '../../../shared/lib/http';
import { verifySigned } from '../api';
import { verdict } from '../lib/verdict';

const useStyles = makeStyles({
  local: { display: 'flex', gap: tokens.spacingHorizontalXS, alignItems: 'flex-start', color: tokens.colorNeutralForeground2 },
  localIcon: { flexShrink: 0, marginTop: tokens.spacingVerticalXXS, color: tokens.colorPaletteGreenForeground1 },
  hidden: { display: 'none' },
  fileRow: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  fileName: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere', textAlign: 'right' },
  none: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeHero800 },
  partial: { color: tokens.colorPaletteDarkOrangeForeground1, fontSize: tokens.fontSizeHero800 },
  matchCard: { border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteGreenBorder2}` },
  noneCard: { border: `${tokens.strokeWidthThick} solid ${tokens.colorPaletteRedBorder2}` },
  partialCard: { border: `${tokens.strokeWidthThick} solid ${tokens.colorPaletteDarkOrangeBorder2}` },
  text: { textAlign: 'left' },
});

type Phase = { at: 'idle' } | { at: 'hashing'; pct: number } | { at: 'querying' } | { at: 'done'; data: VerifyData } | { at: 'failed'; text: string };

/**
 * /m/verify — anyone holding a signed file (the agreement PDF, the signed PDF e签宝 delivered, or
 * the 签署记录.json of an evidence package) checks it against what was signed here: the SHA-256 is computed in this browser and only
 * the hash is sent.
 */
export function VerifyPage() {
  const s = usePhoneStyles();
  const own = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [hash, setHash] = useState('');
  const [phase, setPhase] = useState<Phase>({ at: 'idle' });

  const query = async (sha: string) => {
    setPhase({ at: 'querying' });
    try {
      setPhase({ at: 'done', data: await verifySigned(sha) });
    } catch (e) {
      // a refusal (the per-address limit) says why; anything else may be retried
      setPhase({ at: 'failed', text: e instanceof ApiError ? e.message : T.queryFailed });
    }
  };
  const pick = async (f: File | undefined) => {
    if (!f) return;
    setFile(f);
    setHash('');
    if (f.size === 0) return setPhase({ at: 'failed', text: T.empty });
    setPhase({ at: 'hashing', pct: 0 });
    let sha: string;
    try {
      const { sha256File } = await import('../lib/sha256');
      sha = await sha256File(f, (done, total) => setPhase({ at: 'hashing', pct: Math.floor((done / total) * 100) }));
    } catch {
      return setPhase({ at: 'failed', text: T.readFailed });
    }
    setHash(sha);
    await query(sha);
  };
  const busy = phase.at === 'hashing' || phase.at === 'querying';
  const v = phase.at === 'done' ? verdict(phase.data) : null;
  const Icon = v?.tone === 'match' ? CheckmarkCircleRegular : v?.tone === 'none' ? ErrorCircleRegular : WarningFilled;

  return (
    <div className={s.root} data-testid="verify-page">
      <section className={s.card} aria-labelledby="verify-title">
        <Text as="h1" id="verify-title" className={s.title}>
          {T.title}
        </Text>
        <Text className={s.note}>{T.intro}</Text>
        <Text className={own.local} data-testid="verify-local">
          <LockClosedRegular className={own.localIcon} aria-hidden />
          {T.local}
        </Text>
        <input
          ref={input}
          type="file"
          accept=".pdf,.json,application/pdf,application/json"
          className={own.hidden}
          onChange={(e) => {
            void pick(e.target.files?.[0]);
            e.target.value = '';
          }}
          data-testid="verify-file"
        />
        <Button
          appearance="primary"
          size="large"
          icon={<DocumentCheckmarkRegular />}
          disabled={busy}
          onClick={() => input.current?.click()}
          data-testid="verify-pick"
        >
          {file ? T.pickAgain : T.pick}
        </Button>
      </section>

      {file && (
        <section className={s.card} aria-label={T.file} data-testid="verify-hash-card">
          <div className={own.fileRow}>
            <Text className={s.label}>{T.file}</Text>
            <Text className={own.fileName} data-testid="verify-file-name">
              {file.name}
            </Text>
          </div>
          <Text className={s.label}>{T.hash}</Text>
          {hash ? (
            <HashText value={hash} testId="verify-hash" />
          ) : phase.at === 'hashing' ? (
            <Text className={s.note} role="status">
              {T.hashing(phase.pct)}
            </Text>
          ) : (
            <Text className={s.note}>—</Text>
          )}
          {phase.at === 'querying' && <Text className={s.note}>{T.querying}</Text>}
        </section>
      )}

      {v && (
        <section
          className={mergeClasses(
            s.card,
            s.state,
            v.tone === 'match' && own.matchCard,
            v.tone === 'none' && own.noneCard,
            v.tone === 'partial' && own.partialCard,
          )}
          role="status"
          data-testid={`verify-result-${v.tone}`}
        >
          <Icon className={v.tone === 'match' ? s.ok : v.tone === 'none' ? own.none : own.partial} aria-hidden />
          <Text weight="semibold">{v.title}</Text>
          <Text className={own.text} data-testid="verify-result-text">
            {v.text}
          </Text>
          {v.tone === 'partial' && <Text className={s.note}>{T.result.tsBad}</Text>}
        </section>
      )}

      {phase.at === 'failed' && (
        <section className={mergeClasses(s.card, s.state)} role="alert" data-testid="verify-failed">
          <WarningFilled className={own.partial} aria-hidden />
          <Text weight="semibold">{phase.text}</Text>
          {hash && (
            <Button onClick={() => void query(hash)} data-testid="verify-retry">
              {T.retry}
            </Button>
          )}
        </section>
      )}
    </div>
  );
}
