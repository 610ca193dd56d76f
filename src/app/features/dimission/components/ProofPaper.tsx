import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { proofDocument, type ProofFacts } from '../../../../contract/dimission-rules';
import { tDim } from '../../../shared/i18n/zh-CN.dimission';
import { QrCode } from '../../../shared/ui';

/*
 * The paper of a departure proof: the one template (contract proofDocument) as A4 HTML, shared by
 * the preview, the print view and the employee's A4 view. System serif fonts only (no webfont); the
 * millimetre sizes are the paper's own (A4 210×297 mm), not screen layout values. No drawing
 * imitates a seal (issue 30 item 6): the （盖章） area is marked and left blank for the company's
 * stamp; an issued proof carries its QR and 验真码, a draft says it is one.
 */
const useStyles = makeStyles({
  paper: {
    boxSizing: 'border-box',
    width: '210mm',
    maxWidth: '100%',
    minHeight: '297mm',
    margin: '0 auto',
    padding: '24mm 22mm 16mm',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    fontFamily: "'SimSun','Songti SC','Noto Serif CJK SC','Source Han Serif SC','WenQuanYi Micro Hei',serif",
    fontSize: '15pt',
    lineHeight: '1.9',
    position: 'relative',
    boxShadow: tokens.shadow8,
    display: 'flex',
    flexDirection: 'column',
    '@media print': { boxShadow: 'none', width: 'auto', minHeight: 'auto', padding: 0, margin: 0 },
  },
  /** the A4 sheet at its own width, scaled by its container (the employee's A4 view) */
  fixed: { maxWidth: 'none' },
  compact: { minHeight: 'auto', width: '100%', padding: '10mm 12mm', fontSize: '12pt' },
  title: { textAlign: 'center', fontSize: '24pt', fontWeight: 700, letterSpacing: '0.4em', margin: '0 0 6mm', whiteSpace: 'nowrap' },
  serial: { textAlign: 'right', fontSize: '10.5pt', color: tokens.colorNeutralForeground3, minHeight: '1em' },
  opening: { textIndent: '2em', margin: '6mm 0 3mm' },
  items: { margin: '0 0 4mm 2em', padding: 0, listStyle: 'none' },
  label: { fontWeight: 700 },
  closing: { textIndent: '2em', margin: '4mm 0 6mm' },
  sign: { display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: '2mm', paddingRight: '2mm' },
  sealArea: {
    boxSizing: 'border-box',
    width: '36mm',
    height: '36mm',
    marginRight: '6mm',
    border: `0.4mm dashed ${tokens.colorNeutralStroke1}`,
    color: tokens.colorNeutralForeground4,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: '11pt',
  },
  verify: {
    display: 'flex',
    gap: '4mm',
    alignItems: 'center',
    marginTop: 'auto',
    paddingTop: '6mm',
    borderTop: `0.3mm solid ${tokens.colorNeutralStroke2}`,
    fontSize: '10pt',
    lineHeight: '1.6',
    color: tokens.colorNeutralForeground2,
  },
  qr: { width: '26mm', height: '26mm', '& img': { width: '26mm', height: '26mm' } },
  code: { fontSize: '12pt', fontWeight: 700, color: tokens.colorNeutralForeground1, letterSpacing: '0.05em' },
  foot: { marginTop: '4mm', fontSize: '9pt', color: tokens.colorNeutralForeground4 },
  /** a draft says so at its head, readable (a pale watermark would fail contrast and read as decoration) */
  draft: {
    alignSelf: 'flex-start',
    padding: '1mm 3mm',
    border: `0.4mm solid ${tokens.colorPaletteRedBorder2}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorPaletteRedForeground1,
    fontSize: '11pt',
    fontWeight: 700,
    lineHeight: '1.6',
    letterSpacing: '0.1em',
  },
});

export function ProofPaper({
  facts,
  draft,
  compact,
  fixed,
  testId,
}: {
  facts: ProofFacts;
  draft?: boolean;
  compact?: boolean;
  fixed?: boolean;
  testId?: string;
}) {
  const s = useStyles();
  const doc = proofDocument(facts);
  return (
    <article
      className={mergeClasses(s.paper, compact && s.compact, fixed && s.fixed)}
      data-testid={testId ?? 'proof-paper'}
      data-draft={draft ? 'true' : undefined}
      aria-label={doc.title}
    >
      {draft && (
        <div className={s.draft} data-testid="proof-draft-mark">
          {tDim.paper.draft}
        </div>
      )}
      <h1 className={s.title}>{doc.title}</h1>
      <div className={s.serial}>{doc.serial}</div>
      <p className={s.opening}>{doc.opening}</p>
      <ul className={s.items}>
        {doc.items.map((it) => (
          <li key={it.key} data-item={it.key}>
            <span className={s.label}>{it.label}：</span>
            {it.value}
          </li>
        ))}
      </ul>
      <p className={s.closing}>{doc.closing}</p>
      <div className={s.sign}>
        <div className={s.sealArea} data-testid="proof-seal-area">
          {doc.sealArea}
        </div>
        <div>{doc.company}</div>
        <div>{doc.date}</div>
      </div>
      {doc.verify && (
        <div className={s.verify} data-testid="proof-verify">
          <QrCode className={s.qr} value={doc.verify.url} alt={tDim.paper.qrAlt} testId="proof-qr" />
          <div>
            <div className={s.code} data-testid="proof-verify-code">
              {tDim.preview.verifyCode(doc.verify.code)}
            </div>
            <div>{doc.verify.text}</div>
          </div>
        </div>
      )}
      <div className={s.foot}>{doc.footnote}</div>
    </article>
  );
}
