import { useEffect, useState } from 'react';
import {
  Avatar,
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Link,
  makeStyles,
  Spinner,
  Tag,
  TagGroup,
  Text,
  tokens,
} from '@fluentui/react-components';
import { CheckmarkCircleFilled, DismissRegular, DocumentRibbonRegular, LockClosedRegular } from '@fluentui/react-icons';
import { useSnapshot } from 'valtio';
import type { z } from 'zod';
import type { ResumeView } from '../../../../contract';
import { openCertificate, openCompanyInfo, openInvite, patchApply, recruitDialogs } from '../../../shared/dialogs/recruit';
import { openVip } from '../../../shared/dialogs/store';
import { t } from '../../../shared/i18n/zh-CN';
import { tRecruit } from '../../../shared/i18n/zh-CN.recruitment';
import { tReview } from '../../../shared/i18n/zh-CN.review';
import { loadResume } from '../api';
import { ContactReveal } from './ContactReveal';
import { ResumeNav, ReviewButtons } from './ReviewActions';
import { ReviewPanel } from './ReviewPanel';
import { useDialogStyles } from './styles';

type Resume = z.infer<typeof ResumeView>;

const useStyles = makeStyles({
  head: { display: 'flex', gap: tokens.spacingHorizontalL, alignItems: 'center' },
  name: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  verified: { color: tokens.colorPaletteGreenForeground1 },
  facts: { color: tokens.colorNeutralForeground2, marginTop: tokens.spacingVerticalXS },
  item: {
    padding: `${tokens.spacingVerticalS} 0`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
    ':last-child': { borderBottom: 'none' },
  },
  itemHead: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  itemSub: {
    color: tokens.colorNeutralForeground3,
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
    alignItems: 'center',
    marginTop: tokens.spacingVerticalXXS,
  },
  locked: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  evaluation: { margin: 0, lineHeight: tokens.lineHeightBase400, color: tokens.colorNeutralForeground2 },
  apply: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    flexWrap: 'wrap',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    marginBottom: tokens.spacingVerticalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  actions: { flexWrap: 'wrap' },
});

const closeResume = () => {
  recruitDialogs.resume = null;
  recruitDialogs.resumeRows = null;
};

/** The resume preview (SPEC §3 resume view): every field, departure proofs, education. */
export function ResumeDialog() {
  const d = useDialogStyles();
  const { resume } = useSnapshot(recruitDialogs);
  return (
    <Dialog open={resume !== null} onOpenChange={(_, x) => !x.open && closeResume()}>
      <DialogSurface className={d.surface} data-testid="resume-dialog" aria-label={tRecruit.resume.title}>
        {resume !== null && <ResumeBody key={resume} id={resume} />}
      </DialogSurface>
    </Dialog>
  );
}

function Pair({ term, children }: { term: string; children: React.ReactNode }) {
  const d = useDialogStyles();
  return (
    <div className={d.pair}>
      <dt className={d.term}>{term}</dt>
      <dd className={d.def}>{children || tRecruit.resume.none}</dd>
    </div>
  );
}

function ResumeBody({ id }: { id: number }) {
  const d = useDialogStyles();
  const s = useStyles();
  const [r, setR] = useState<Resume | null>(null);
  const [failed, setFailed] = useState(false);
  const { inviteSent, resumeRows, resumeIndex, applyStatus } = useSnapshot(recruitDialogs);
  // the list row it was opened for (issue 32): its actions, 上一份/下一份, its status patched in place
  const row = resumeRows?.[resumeIndex]?.candidate === id ? resumeRows[resumeIndex] : undefined;
  const status = row ? (applyStatus[row.apply] ?? row.status) : undefined;
  const [reviewed, setReviewed] = useState(0);
  useEffect(() => {
    let alive = true;
    loadResume(id).then(
      (x) => {
        if (!alive) return;
        setR(x);
        // the server marked the company's pending applications of the person 已查看
        if (row && (recruitDialogs.applyStatus[row.apply] ?? row.status) === 'pending') patchApply(row.apply, 'viewed');
      },
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
    // reload after an invitation so 已发送面试邀请 shows
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the row is read once per load
  }, [id, inviteSent]);
  const close = closeResume;
  const u = r?.user;
  return (
    <DialogBody>
      <DialogTitle action={<Button appearance="subtle" icon={<DismissRegular />} aria-label={tRecruit.resume.close} onClick={close} />}>
        {tRecruit.resume.title}
      </DialogTitle>
      <DialogContent className={d.scroll}>
        {failed ? (
          <div className={d.center}>{tRecruit.resume.loadFailed}</div>
        ) : !r || !u ? (
          <div className={d.center}>
            <Spinner size="small" label={t.state.loading} />
          </div>
        ) : (
          <>
            {row && status && (
              <div className={s.apply} data-testid="resume-apply">
                <Text size={200}>{tReview.applicationFor(row.title)}</Text>
                <Badge
                  appearance="tint"
                  color={status === 'unsuitable' ? 'danger' : status === 'hired' ? 'success' : 'brand'}
                  data-testid="resume-apply-status"
                >
                  {tRecruit.applies.tabs[status]}
                </Badge>
              </div>
            )}
            <div className={s.head}>
              <Avatar size={64} name={u.realname} image={u.avatar ? { src: u.avatar } : undefined} color="colorful" />
              <div>
                <div className={s.name}>
                  <Text size={600} weight="semibold" data-testid="resume-name">
                    {u.realname}
                  </Text>
                  {u.verify_status ? (
                    <Badge appearance="tint" color="success" icon={<CheckmarkCircleFilled className={s.verified} />}>
                      {tRecruit.resume.verified}
                    </Badge>
                  ) : (
                    <Badge appearance="tint" color="informative">
                      {tRecruit.resume.unverified}
                    </Badge>
                  )}
                  {r.user_invite_exists && (
                    <Badge appearance="tint" color="brand">
                      {tRecruit.resume.invited}
                    </Badge>
                  )}
                </div>
                <div className={s.facts}>{[u.gender, tRecruit.resume.ageText(u.age), u.work_exp, u.education].filter(Boolean).join(' · ')}</div>
              </div>
            </div>

            <section className={d.section}>
              <h3 className={d.sectionTitle}>{tRecruit.resume.basic}</h3>
              <dl className={d.grid}>
                <Pair term={tRecruit.resume.gender}>{u.gender}</Pair>
                <Pair term={tRecruit.resume.age}>{tRecruit.resume.ageText(u.age)}</Pair>
                <Pair term={tRecruit.resume.nation}>{u.nation}</Pair>
                <Pair term={tRecruit.resume.jnplace}>{u.jnplace}</Pair>
                <Pair term={tRecruit.resume.addr}>{u.current_addr}</Pair>
                <Pair term={tRecruit.resume.education}>{u.education}</Pair>
                <Pair term={tRecruit.resume.workExp}>{u.work_exp}</Pair>
                <Pair term={tRecruit.resume.workTime}>{u.work_time}</Pair>
                <Pair term={tRecruit.resume.mobile}>
                  {r.contact_visible ? (
                    <ContactReveal id={id} masked={u.mobile} unlocked={r.contact_unlocked} cost={r.contact_cost} />
                  ) : (
                    <span className={s.locked}>
                      <span data-testid="resume-mobile">{u.mobile}</span>
                      <LockClosedRegular aria-hidden />
                      <Link onClick={openVip}>{tRecruit.resume.openMember}</Link>
                    </span>
                  )}
                </Pair>
                <Pair term={tRecruit.resume.resignCause}>{u.resign_cause.join('、')}</Pair>
              </dl>
              {!r.contact_visible && (
                <Text className={d.muted} size={200}>
                  {tRecruit.resume.contactHidden}
                </Text>
              )}
            </section>

            {u.labels.length > 0 && (
              <section className={d.section}>
                <h3 className={d.sectionTitle}>{tRecruit.resume.labels}</h3>
                <TagGroup aria-label={tRecruit.resume.labels}>
                  {u.labels.map((l) => (
                    <Tag key={l} size="small" appearance="brand">
                      {l}
                    </Tag>
                  ))}
                </TagGroup>
              </section>
            )}

            <section className={d.section}>
              <h3 className={d.sectionTitle}>{tRecruit.resume.work}</h3>
              {r.work_exp_list.length === 0 && <div className={d.muted}>{tRecruit.resume.none}</div>}
              {r.work_exp_list.map((w, i) => (
                <div key={`${w.company_name}-${w.start_time}-${i}`} className={s.item} data-testid="resume-work">
                  <div className={s.itemHead}>
                    <Text weight="semibold">
                      {w.company_id ? (
                        <Link onClick={() => openCompanyInfo(w.company_id)} title={tRecruit.resume.companyInfo}>
                          {w.company_name}
                        </Link>
                      ) : (
                        w.company_name
                      )}
                      {' · '}
                      {w.job_name}
                    </Text>
                    <Text className={d.muted}>
                      {w.end_time === tRecruit.resume.present ? tRecruit.resume.untilNow(w.start_time) : tRecruit.resume.period(w.start_time, w.end_time)}（
                      {w.work_year}）
                    </Text>
                  </div>
                  <div className={s.itemSub}>
                    <Badge appearance="outline" color={w.resign_type === 'in' ? 'brand' : 'informative'} size="small">
                      {w.resign_type === 'in' ? tRecruit.resume.resignIn : tRecruit.resume.resignOther}
                    </Badge>
                    {w.no8_pic ? (
                      <Button
                        size="small"
                        appearance="transparent"
                        icon={<DocumentRibbonRegular />}
                        onClick={() => openCertificate({ url: w.no8_pic, caption: `${u.realname} · ${w.company_name}` })}
                      >
                        {tRecruit.resume.proof}
                      </Button>
                    ) : (
                      w.end_time !== tRecruit.resume.present && <span>{tRecruit.resume.noProof}</span>
                    )}
                  </div>
                </div>
              ))}
            </section>

            <section className={d.section}>
              <h3 className={d.sectionTitle}>{tRecruit.resume.edu}</h3>
              {r.edu_list.length === 0 && <div className={d.muted}>{tRecruit.resume.none}</div>}
              {r.edu_list.map((e, i) => (
                <div key={`${e.school_name}-${i}`} className={s.item}>
                  <div className={s.itemHead}>
                    <Text weight="semibold">
                      {e.school_name}
                      {e.major ? ` · ${e.major}` : ''}
                    </Text>
                    <Text className={d.muted}>{tRecruit.resume.period(e.start_time, e.end_time)}</Text>
                  </div>
                  <div className={s.itemSub}>{e.education_text}</div>
                </div>
              ))}
            </section>

            <section className={d.section}>
              <h3 className={d.sectionTitle}>{tRecruit.resume.evaluation}</h3>
              <p className={s.evaluation}>{u.evaluation || tRecruit.resume.none}</p>
            </section>
            <ReviewPanel candidate={id} reload={reviewed} />
          </>
        )}
      </DialogContent>
      <DialogActions fluid className={s.actions}>
        {resumeRows && resumeRows.length > 1 && <ResumeNav index={resumeIndex} total={resumeRows.length} />}
        <Button appearance="secondary" onClick={close}>
          {tRecruit.resume.close}
        </Button>
        {row && status && <ReviewButtons row={row} status={status} onChanged={() => setReviewed((n) => n + 1)} />}
        {r && (!row || status === 'pending' || status === 'viewed') && (
          <Button
            appearance="primary"
            disabled={r.user_invite_exists}
            onClick={() =>
              openInvite(
                row
                  ? { id: row.apply, type: 'intention' }
                  : r.invited_type === 'intention' && r.apply_id
                    ? { id: r.apply_id, type: 'intention' }
                    : { id, type: 'user' },
              )
            }
            data-testid="resume-invite"
          >
            {r.user_invite_exists ? tRecruit.resume.invited : tRecruit.resume.invite}
          </Button>
        )}
      </DialogActions>
    </DialogBody>
  );
}
