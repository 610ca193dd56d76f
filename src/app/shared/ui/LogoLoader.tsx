import { useEffect, useState } from 'react';
import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { t } from '../i18n/zh-CN';
import { sizes } from '../theme';
import { LogoMark } from './LogoMark';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingVerticalXXXL,
    minHeight: '40vh',
  },
  page: { minHeight: '100vh' },
  logo: {
    animationName: {
      '0%': { opacity: 0.55, transform: 'scale(0.92)' },
      '50%': { opacity: 1, transform: 'scale(1)' },
      '100%': { opacity: 0.55, transform: 'scale(0.92)' },
    },
    animationDuration: '1.4s',
    animationIterationCount: 'infinite',
    animationTimingFunction: tokens.curveEasyEase,
    '@media (prefers-reduced-motion: reduce)': { animationName: 'none' },
  },
  hint: { color: tokens.colorNeutralForeground3 },
});

export interface LogoLoaderProps {
  /** show 请稍候，正在努力为您加载 after this long (SPEC §9: 5 s) */
  hintAfterMs?: number;
  /** fill the whole viewport (first load) instead of the content area */
  fullPage?: boolean;
}

/** The product logo pulsing while something loads; after 5 s a patient hint (SPEC §2). */
export function LogoLoader({ hintAfterMs = 5000, fullPage = false }: LogoLoaderProps) {
  const s = useStyles();
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), hintAfterMs);
    return () => clearTimeout(timer);
  }, [hintAfterMs]);
  return (
    <div className={mergeClasses(s.root, fullPage && s.page)} role="status" aria-live="polite" aria-label={t.state.loading}>
      <LogoMark size={sizes.loaderLogo} className={s.logo} />
      {slow && (
        <Text className={s.hint} data-testid="loader-hint">
          {t.state.slowHint}
        </Text>
      )}
    </div>
  );
}
