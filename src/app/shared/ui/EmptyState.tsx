import type { ReactNode } from 'react';
import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { t } from '../i18n/zh-CN';
import { sizes } from '../theme';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
  },
  compact: { padding: tokens.spacingVerticalL },
  art: { width: sizes.illustration, height: 'auto', marginBottom: tokens.spacingVerticalS },
  compactArt: { width: `calc(${sizes.illustration} * 0.6)` },
  floor: { fill: tokens.colorNeutralBackground3 },
  box: { fill: tokens.colorNeutralBackground1, stroke: tokens.colorNeutralStroke1, strokeWidth: '2' },
  lid: { fill: tokens.colorBrandBackground2, stroke: tokens.colorBrandStroke2, strokeWidth: '2' },
  line: { fill: 'none', stroke: tokens.colorNeutralStroke1, strokeWidth: '2', strokeLinecap: 'round' },
  text: { color: tokens.colorNeutralForeground2 },
  description: { color: tokens.colorNeutralForeground3 },
  action: { marginTop: tokens.spacingVerticalS },
});

export interface EmptyStateProps {
  /** defaults to 暂无数据 */
  text?: ReactNode;
  description?: ReactNode;
  /** e.g. a 去发布职位 button */
  action?: ReactNode;
  compact?: boolean;
  className?: string;
}

/** Illustration + 暂无数据 (+ an optional action), SPEC §2. */
export function EmptyState({ text = t.state.empty, description, action, compact, className }: EmptyStateProps) {
  const s = useStyles();
  return (
    <div className={mergeClasses(s.root, compact && s.compact, className)}>
      <svg className={mergeClasses(s.art, compact && s.compactArt)} viewBox="0 0 160 110" aria-hidden>
        <ellipse className={s.floor} cx="80" cy="96" rx="66" ry="10" />
        <path className={s.box} d="M38 48h84v44a4 4 0 0 1-4 4H42a4 4 0 0 1-4-4z" />
        <path className={s.lid} d="M38 48l14-20h56l14 20z" />
        <path className={s.line} d="M64 66h32M70 76h20" />
        <path className={s.line} d="M80 8v10M58 14l5 8M102 14l-5 8" />
      </svg>
      {typeof text === 'string' ? <Text className={s.text}>{text}</Text> : text}
      {description && (
        <Text size={200} className={s.description}>
          {description}
        </Text>
      )}
      {action && <div className={s.action}>{action}</div>}
    </div>
  );
}
