import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { copyText, hashChunks } from '../lib/hash';
import { toast } from '../lib/notify';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalXS,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    minWidth: 0,
  },
  text: {
    flexGrow: 1,
    minWidth: 0,
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalS,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase300,
    color: tokens.colorNeutralForeground1,
    userSelect: 'all',
    paddingTop: tokens.spacingVerticalXXS,
  },
  copy: { flexShrink: 0 },
});

export interface HashTextProps {
  /** the hex digest */
  value: string;
  /** the copy button's label (also its title) and the toast after copying; no button without them */
  copy?: { label: string; done: string; failed: string };
  className?: string;
  testId?: string;
}

/** A SHA-256 in a monospace box, in groups of 8 (one string when copied), with an optional 复制 button. */
export function HashText({ value, copy, className, testId }: HashTextProps) {
  const s = useStyles();
  return (
    <div className={mergeClasses(s.root, className)}>
      <code className={s.text} data-testid={testId} data-value={value}>
        {hashChunks(value).map((g, i) => (
          <span key={i}>{g}</span>
        ))}
      </code>
      {copy && (
        // a title, not a Tooltip: the public verify page stays free of the positioning code
        <Button
          className={s.copy}
          size="small"
          appearance="subtle"
          icon={<CopyRegular />}
          aria-label={copy.label}
          title={copy.label}
          onClick={() => void copyText(value).then((ok) => (ok ? toast('success', copy.done) : toast('warning', copy.failed)))}
          data-testid={testId && `${testId}-copy`}
        />
      )}
    </div>
  );
}
