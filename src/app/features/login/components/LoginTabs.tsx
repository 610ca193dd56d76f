import { useRef, type KeyboardEvent } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  list: { display: 'flex', gap: tokens.spacingHorizontalS },
  tab: {
    position: 'relative',
    border: 'none',
    background: 'none',
    cursor: 'pointer',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalMNudge}`,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    color: tokens.colorNeutralForeground2,
    borderRadius: tokens.borderRadiusMedium,
    ':hover': { color: tokens.colorNeutralForeground1, backgroundColor: tokens.colorSubtleBackgroundHover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
    '::after': {
      content: '""',
      position: 'absolute',
      left: tokens.spacingHorizontalMNudge,
      right: tokens.spacingHorizontalMNudge,
      bottom: 0,
      height: tokens.strokeWidthThicker,
      borderRadius: tokens.borderRadiusCircular,
    },
  },
  selected: {
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    '::after': { backgroundColor: tokens.colorCompoundBrandStroke },
  },
});

export interface LoginTabsProps<T extends string> {
  value: T;
  tabs: readonly { value: T; label: string }[];
  onChange(value: T): void;
  className?: string;
}

/**
 * The login page's two ways in (短信登录 / 微信扫码登录) as an ARIA tablist: buttons with
 * role="tab", arrow keys move between them. Fluent's TabList would pull Tabster and the tab
 * animation (~25 KB gzip) into the first route's bytes (issue 17: /login ≤ 150 KB).
 */
export function LoginTabs<T extends string>({ value, tabs, onChange, className }: LoginTabsProps<T>) {
  const s = useStyles();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const step = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = (i + step + tabs.length) % tabs.length;
    refs.current[next]?.focus();
    onChange(tabs[next]!.value);
  };
  return (
    <div role="tablist" aria-orientation="horizontal" className={mergeClasses(s.list, className)}>
      {tabs.map((tab, i) => {
        const selected = tab.value === value;
        return (
          <button
            key={tab.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            className={mergeClasses(s.tab, selected && s.selected)}
            onClick={() => onChange(tab.value)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
