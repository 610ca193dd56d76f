import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { proofDocument, type ProofFacts } from '../../../../contract/dimission-rules';

/*
 * The paper of a departure proof: the one template (contract proofDocument) as A4 HTML, shared by
 * the preview, the print view and the employee's page. System serif fonts only (no webfont); the
 * millimetre sizes are the paper's own (A4 210×297 mm), not screen layout values.
 */
const useStyles = makeStyles({
  paper: {
    boxSizing: 'border-box',
    width: '210mm',
    maxWidth: '100%',
    minHeight: '297mm',
    margin: '0 auto',
    padding: '24mm 22mm',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    fontFamily: "'SimSun','Songti SC','Noto Serif CJK SC','Source Han Serif SC','WenQuanYi Micro Hei',serif",
    fontSize: '15pt',
    lineHeight: '1.9',
    position: 'relative',
    boxShadow: tokens.shadow8,
    '@media print': { boxShadow: 'none', width: 'auto', minHeight: 'auto', padding: 0, margin: 0 },
  },
  compact: { minHeight: 'auto', width: '100%', padding: '10mm 12mm', fontSize: '12pt' },
  title: { textAlign: 'center', fontSize: '24pt', fontWeight: 700, letterSpacing: '0.4em', margin: '0 0 6mm' },
  serial: { textAlign: 'right', fontSize: '10.5pt', color: tokens.colorNeutralForeground3, minHeight: '1em' },
  opening: { textIndent: '2em', margin: '6mm 0 3mm' },
  items: { margin: '0 0 4mm 2em', padding: 0, listStyle: 'none' },
  label: { fontWeight: 700 },
  closing: { textIndent: '2em', margin: '4mm 0 18mm' },
  sign: { textAlign: 'right', position: 'relative', paddingRight: '6mm' },
  seal: {
    position: 'absolute',
    right: '4mm',
    top: '-16mm',
    width: '38mm',
    height: '38mm',
    borderRadius: '50%',
    border: `1mm solid ${tokens.colorPaletteRedBorderActive}`,
    color: tokens.colorPaletteRedForeground1,
    opacity: 0.85,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    textAlign: 'center',
    fontSize: '10pt',
    lineHeight: '1.3',
    padding: '4mm',
    boxSizing: 'border-box',
    printColorAdjust: 'exact',
    WebkitPrintColorAdjust: 'exact',
  },
  foot: { marginTop: '14mm', fontSize: '9pt', color: tokens.colorNeutralForeground4 },
});

export function ProofPaper({ facts, compact, testId }: { facts: ProofFacts; compact?: boolean; testId?: string }) {
  const s = useStyles();
  const doc = proofDocument(facts);
  return (
    <article className={mergeClasses(s.paper, compact && s.compact)} data-testid={testId ?? 'proof-paper'} aria-label={doc.title}>
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
        <div className={s.seal} aria-hidden="true">
          {doc.company.slice(0, 14)}
          <br />
          {doc.seal}
        </div>
        <div>{doc.company}</div>
        <div>{doc.date}</div>
      </div>
      <div className={s.foot}>{doc.footnote}</div>
    </article>
  );
}
