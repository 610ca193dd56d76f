import { useEffect, useState } from 'react';
import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Spinner,
  Text,
} from '@fluentui/react-components';
import type { DuplicateList, MergePreview } from '../../../../contract/review';
import { tDup } from '../../../shared/i18n/zh-CN.duplicates';
import { tRecruit } from '../../../shared/i18n/zh-CN.recruitment';
import { useLacks } from '../../../shared/session';
import { EmptyState } from '../../../shared/ui';
import { NoAccess } from '../../../shared/ui/Gated';
import { loadDuplicates, loadMergePreview, mergePair } from '../dup-api';
import { useDupStyles } from './duplicatesStyles';

type Pair = DuplicateList['list'][number];
type Person = Pair['a'];
type Step = { at: 'list' } | { at: 'preview'; pair: Pair; keep: number } | { at: 'done'; kept: number; text: string };

/** The record kept by default: the one with more of this company's applications, then the newer. */
const defaultKeep = (p: Pair) =>
  p.a.applications !== p.b.applications ? (p.a.applications > p.b.applications ? p.a.id : p.b.id) : p.a.updated_at >= p.b.updated_at ? p.a.id : p.b.id;

/**
 * 重复人才 (issue 32 item 3; administrators): the pairs the server's matcher calls one person, why
 * (masked numbers only), a pair's merge preview field by field with what moves, a confirmation,
 * then the result. Merging re-judges on the server; a refusal is toasted and the list reloads.
 */
export default function DuplicatesDialog({ onClose, onOpenResume }: { onClose: () => void; onOpenResume: (id: number) => void }) {
  const s = useDupStyles();
  const [step, setStep] = useState<Step>({ at: 'list' });
  const [list, setList] = useState<Pair[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const denied = useLacks()('admin');

  useEffect(() => {
    if (step.at !== 'list' || denied) return;
    const ctl = new AbortController();
    setFailed(false);
    loadDuplicates(ctl.signal).then(
      (d) => setList(d.list),
      () => !ctl.signal.aborted && setFailed(true),
    );
    return () => ctl.abort();
  }, [step.at, attempt, denied]);

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={s.surface} data-testid="dup-dialog">
        <DialogBody>
          <DialogTitle>{tDup.title}</DialogTitle>
          <DialogContent className={s.content}>
            {step.at === 'list' &&
              (denied ? (
                <NoAccess perm="admin" compact />
              ) : failed ? (
                <EmptyState text={tDup.loadFailed} action={<Button onClick={() => setAttempt((n) => n + 1)}>{tDup.retry}</Button>} />
              ) : !list ? (
                <Spinner label={tDup.loading} />
              ) : (
                <>
                  <Text className={s.intro} data-testid="dup-intro">
                    {tDup.intro}
                  </Text>
                  {list.length === 0 ? (
                    <div data-testid="dup-empty">
                      <EmptyState text={tDup.empty} description={tDup.emptyHint} compact />
                    </div>
                  ) : (
                    <ul className={s.list} data-testid="dup-list">
                      {list.map((p) => (
                        <li key={`${p.a.id}-${p.b.id}`} className={s.pair} data-testid="dup-pair" data-ids={`${p.a.id}-${p.b.id}`}>
                          <div className={s.why}>
                            {p.evidence.map((e) => (
                              <Badge key={e} appearance="tint" color="warning" data-testid="dup-evidence">
                                {tDup.evidence[e]}
                              </Badge>
                            ))}
                          </div>
                          <div className={s.people}>
                            <PersonCard p={p.a} />
                            <PersonCard p={p.b} />
                          </div>
                          <Button className={s.open} onClick={() => setStep({ at: 'preview', pair: p, keep: defaultKeep(p) })} data-testid="dup-open">
                            {tDup.review}
                          </Button>
                        </li>
                      ))}
                    </ul>
                  )}
                </>
              ))}
            {step.at === 'preview' && (
              <Preview
                pair={step.pair}
                keep={step.keep}
                onKeep={(keep) => setStep({ ...step, keep })}
                onBack={() => setStep({ at: 'list' })}
                onMerged={(kept, text) => setStep({ at: 'done', kept, text })}
              />
            )}
            {step.at === 'done' && (
              <MessageBar intent="success" data-testid="dup-done">
                <MessageBarBody>{step.text}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          {step.at !== 'preview' && (
            <DialogActions>
              {step.at === 'done' && (
                <>
                  <Button onClick={() => onOpenResume(step.kept)}>{tDup.viewResume}</Button>
                  <Button onClick={() => setStep({ at: 'list' })} data-testid="dup-back">
                    {tDup.back}
                  </Button>
                </>
              )}
              <Button appearance="primary" onClick={onClose}>
                {tDup.close}
              </Button>
            </DialogActions>
          )}
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

function PersonCard({ p }: { p: Person }) {
  const s = useDupStyles();
  return (
    <div className={s.person}>
      <Text weight="semibold">
        {p.realname} <span className={s.muted}>{tDup.record(p.id)}</span>
      </Text>
      <Text className={s.muted}>{tDup.facts(p.gender, p.birth_date)}</Text>
      <Text>{tDup.mobile(p.mobile)}</Text>
      <Text>{tDup.idCard(p.id_card)}</Text>
      <Text className={s.muted}>
        {tDup.applications(p.applications)} · {tDup.updated(p.updated_at)}
      </Text>
    </div>
  );
}

const statusLabel = (st: string) => (tRecruit.applies.tabs as Record<string, string>)[st] ?? st;

function Preview({
  pair,
  keep,
  onKeep,
  onBack,
  onMerged,
}: {
  pair: Pair;
  keep: number;
  onKeep: (id: number) => void;
  onBack: () => void;
  onMerged: (kept: number, text: string) => void;
}) {
  const s = useDupStyles();
  const drop = keep === pair.a.id ? pair.b.id : pair.a.id;
  const [pv, setPv] = useState<MergePreview | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const ctl = new AbortController();
    setPv(null);
    loadMergePreview(keep, drop, ctl.signal).then(setPv, () => !ctl.signal.aborted && onBack());
    return () => ctl.abort();
    // onBack is a new function each render; the preview depends on the pair only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keep, drop]);

  const merge = () => {
    setBusy(true);
    mergePair(keep, drop).then(
      (r) => onMerged(r.data.kept, tDup.done(r.data.moved, r.data.folded)),
      () => {
        setBusy(false);
        onBack();
      },
    );
  };

  return (
    <div className={s.preview} data-testid="dup-preview">
      <RadioGroup value={String(keep)} onChange={(_, d) => onKeep(Number(d.value))} aria-label={tDup.keepLabel} layout="horizontal">
        <Text weight="semibold">{tDup.keepLabel}</Text>
        {[pair.a, pair.b].map((p) => (
          <Radio key={p.id} value={String(p.id)} label={tDup.keepOption(p.id, p.realname, p.applications)} data-testid={`dup-keep-${p.id}`} />
        ))}
      </RadioGroup>
      {!pv ? (
        <Spinner label={tDup.loading} />
      ) : (
        <>
          <Text weight="semibold">{tDup.fieldsTitle}</Text>
          <table className={s.table} data-testid="dup-fields">
            <thead>
              <tr>
                <th>{tDup.colField}</th>
                <th>{tDup.colValue}</th>
                <th>{tDup.colFrom}</th>
              </tr>
            </thead>
            <tbody>
              {pv.fields.map((f) => (
                <tr key={f.field} data-from={f.from}>
                  <th scope="row">{f.field}</th>
                  <td className={s.value}>{f.value || <span className={s.muted}>{tDup.blank}</span>}</td>
                  <td className={f.from === 'drop' ? s.filled : s.muted}>{f.from === 'keep' ? tDup.fromKeep(pv.keep.id) : tDup.fromDrop(pv.drop.id)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Text weight="semibold">{tDup.movesTitle}</Text>
          <ul className={s.moves} data-testid="dup-moves">
            {pv.moves.length === 0 && <li className={s.muted}>{tDup.noMoves}</li>}
            {pv.moves.map((m) => (
              <li key={m.id}>
                {m.title}（{statusLabel(m.status)}）— {tDup.moveOutcome[m.outcome]}
              </li>
            ))}
            {pv.other_moves > 0 && <li>{tDup.otherMoves(pv.other_moves)}</li>}
            <li>{tDup.notesTags(pv.notes, pv.tags)}</li>
          </ul>
          <MessageBar intent="warning">
            <MessageBarBody>{tDup.irreversible}</MessageBarBody>
          </MessageBar>
        </>
      )}
      {confirming && pv ? (
        <div className={s.confirm} role="alertdialog" aria-label={tDup.confirmTitle} data-testid="dup-confirm">
          <Text>{tDup.confirmText(pv.drop.id, pv.keep.id, pv.keep.realname)}</Text>
          <div className={s.actions}>
            <Button onClick={() => setConfirming(false)} disabled={busy}>
              {tDup.cancel}
            </Button>
            <Button appearance="primary" onClick={merge} disabled={busy} data-testid="dup-confirm-ok">
              {tDup.confirm}
            </Button>
          </div>
        </div>
      ) : (
        <div className={s.actions}>
          <Button onClick={onBack}>{tDup.back}</Button>
          <Button appearance="primary" disabled={!pv} onClick={() => setConfirming(true)} data-testid="dup-merge">
            {tDup.merge}
          </Button>
        </div>
      )}
    </div>
  );
}
