/**
 * Beside the résumé (issue 32 item 2): the application being reviewed (its position, 不合适's
 * reason), the company's tags and private notes with who wrote them and when. Colleagues of the
 * company see the same; another company sees none of it (the server answers per company).
 */
import { useEffect, useState } from 'react';
import { Button, Input, Tag, TagGroup, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import type { ReviewData } from '../../../../contract/review';
import { NOTE_MAX, TAG_MAX } from '../../../../contract/review-rules';
import { tReview } from '../../../shared/i18n/zh-CN.review';
import { toast } from '../../../shared/lib/notify';
import { addNote, addTag, loadReview, removeTag } from '../api';
import { useDialogStyles } from './styles';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  note: { padding: `${tokens.spacingVerticalXS} 0`, borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}` },
  noteBody: { whiteSpace: 'pre-wrap', margin: 0 },
  by: { color: tokens.colorNeutralForeground3 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, marginTop: tokens.spacingVerticalS },
  tagInput: { width: '120px' },
});

export function ReviewPanel({ candidate, reload }: { candidate: number; reload: number }) {
  const d = useDialogStyles();
  const s = useStyles();
  const [r, setR] = useState<ReviewData | null>(null);
  const [note, setNote] = useState('');
  const [tag, setTag] = useState('');
  useEffect(() => {
    let alive = true;
    loadReview(candidate).then(
      (x) => alive && setR(x),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [candidate, reload]);
  const saveNote = async () => {
    if (!note.trim()) return;
    try {
      const x = await addNote(candidate, note.trim());
      setR(x.data);
      setNote('');
      toast('success', x.msg);
    } catch {
      // shown by the request layer
    }
  };
  const saveTag = async () => {
    if (!tag.trim()) return;
    try {
      setR(await addTag(candidate, tag.trim()));
      setTag('');
    } catch {
      // shown by the request layer
    }
  };
  if (!r) return null;
  return (
    <>
      <section className={d.section} data-testid="review-tags">
        <h3 className={d.sectionTitle}>{tReview.tags}</h3>
        <div className={s.row}>
          {r.tags.length > 0 && (
            <TagGroup aria-label={tReview.tags} onDismiss={(_, x) => void removeTag(candidate, String(x.value)).then(setR, () => undefined)}>
              {r.tags.map((t) => (
                <Tag
                  key={t.tag}
                  value={t.tag}
                  size="small"
                  dismissible
                  dismissIcon={{ 'aria-label': tReview.removeTag(t.tag) }}
                  title={tReview.noteBy(t.author, t.created_at)}
                >
                  {t.tag}
                </Tag>
              ))}
            </TagGroup>
          )}
          <Input
            size="small"
            className={s.tagInput}
            value={tag}
            maxLength={TAG_MAX}
            placeholder={tReview.tagPlaceholder}
            aria-label={tReview.tagPlaceholder}
            onChange={(_, x) => setTag(x.value)}
            onKeyDown={(e) => e.key === 'Enter' && void saveTag()}
          />
          <Button size="small" icon={<AddRegular />} onClick={() => void saveTag()} disabled={!tag.trim()}>
            {tReview.addTag}
          </Button>
        </div>
      </section>
      <section className={d.section} data-testid="review-notes">
        <h3 className={d.sectionTitle}>{tReview.notes}</h3>
        {r.notes.length === 0 && <div className={d.muted}>{tReview.noNotes}</div>}
        {r.notes.map((n) => (
          <div key={n.id} className={s.note}>
            <p className={s.noteBody}>{n.body}</p>
            <Text size={200} className={s.by}>
              {tReview.noteBy(n.author, n.created_at)}
            </Text>
          </div>
        ))}
        <div className={s.form}>
          <Textarea
            value={note}
            maxLength={NOTE_MAX}
            placeholder={tReview.notePlaceholder2}
            aria-label={tReview.notes}
            onChange={(_, x) => setNote(x.value)}
            resize="vertical"
            data-testid="review-note-input"
          />
          <div className={s.row}>
            <Button size="small" appearance="primary" onClick={() => void saveNote()} disabled={!note.trim()} data-testid="review-note-add">
              {tReview.addNote}
            </Button>
            <Text size={200} className={s.by}>
              {tReview.notesHint}
            </Text>
          </div>
        </div>
      </section>
    </>
  );
}
