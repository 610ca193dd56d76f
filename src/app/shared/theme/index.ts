/**
 * The console's one brand theme (ARCHITECTURE §1): a trustworthy blue ramp of 16 shades
 * (brand.ts, the only place in the code where colours are written as hex) turned into a Fluent
 * light theme.
 */
import type { Theme } from '@fluentui/react-components';
// Fluent's createLightTheme(brandRamp), computed at build time (scripts/gen-theme.mjs; theme.test.ts
// keeps it equal): the function would bring every Fluent palette into the shell's first paint
import lightTheme from './light-theme.json';

export { brandRamp } from './brand';

/**
 * System fonts only (no Chinese web font is shipped): Latin UI faces first, then the CJK faces of
 * macOS, Windows and Linux, WenQuanYi as the last resort.
 */
export const fontFamilyBase = [
  '-apple-system',
  'BlinkMacSystemFont',
  "'Segoe UI'",
  "'PingFang SC'",
  "'Hiragino Sans GB'",
  "'Microsoft YaHei'",
  "'Noto Sans CJK SC'",
  "'Source Han Sans SC'",
  "'WenQuanYi Micro Hei'",
  "'Helvetica Neue'",
  'Arial',
  'sans-serif',
].join(', ');

export const appTheme: Theme = {
  ...(lightTheme as Theme),
  fontFamilyBase,
};

/** Layout measures of the shell, named once here (components use these and `tokens`). */
export const sizes = {
  /** width of the centred content column */
  contentMax: '1200px',
  /** height of the top navigation bar */
  navHeight: '60px',
  /** logo mark in the nav bar */
  navLogo: '32px',
  /** logo mark of the loaders */
  loaderLogo: '56px',
  /** illustrations of the empty, offline and 404 states */
  illustration: '160px',
  illustrationLarge: '240px',
  /** footer QR codes */
  footerQr: '96px',
  /** the user menu and the interview-plan popover */
  menuWidth: '280px',
  /** the user menu trigger (avatar + name) */
  userTrigger: '220px',
  planWidth: '360px',
  /** the notices in the top-right corner */
  noticeWidth: '360px',
  /** the update bar at the bottom of the window (a new version is ready) */
  updateBar: '560px',
  /** login page: the card and the brand panel */
  loginCard: '400px',
  loginBrand: '480px',
  /** role prompts (提示) */
  promptDialog: '420px',
  /** login: the 获取验证码 button keeps its width while counting down */
  codeButton: '120px',
  /** VIP dialog */
  vipDialog: '640px',
  /** the CRC rules dialog (a four-column table) */
  crcDialog: '800px',
  /** narrowest membership pack card */
  vipPackMin: '160px',
  /** the breadcrumb bar under the nav */
  breadcrumbBar: '48px',
  /** a notice in the breadcrumb bar: the height of the bar's search box, so it never makes the bar taller */
  noticeBar: '32px',
  /** breadcrumb search box */
  searchBox: '280px',
  /** touch targets on coarse pointers (WCAG 2.5.8 asks 24; tablets want 40) */
  touchTarget: '40px',
} as const;

/**
 * Toasts rise from the bottom edge, this far up (Fluent's Toaster takes pixels): at the top they
 * covered the urge banner under the nav on desktop and a phone page's title (issue 33).
 */
export const toastOffset = 24;

/** Stacking of the shell's fixed layers. */
export const layers = {
  nav: 100,
  notices: 1000,
  overlay: 2000,
} as const;

/**
 * Media queries of the responsive layouts. Griffel orders media buckets by first use, not by
 * width, so a style that sets both a tablet and a phone value uses the exclusive `tablet` range.
 */
export const media = {
  /** tablets and narrow windows (768–1279 px, SPEC issue 18): the nav bar drops its words first */
  compact: '@media (max-width: 1279px)',
  /** touch screens: targets at least 40 px */
  coarse: '@media (pointer: coarse)',
  /** below a small laptop (phones included): footer and home grids fold */
  narrow: '@media (max-width: 900px)',
  /** between phone and small laptop only */
  tablet: '@media (min-width: 601px) and (max-width: 900px)',
  /** phones */
  phone: '@media (max-width: 600px)',
} as const;
