import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: { display: 'block', flexShrink: 0 },
  tile: { fill: tokens.colorBrandBackground },
  figure: { fill: tokens.colorNeutralForegroundOnBrand },
  line: {
    fill: 'none',
    stroke: tokens.colorNeutralForegroundOnBrand,
    strokeWidth: '3.5',
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  },
  check: {
    fill: 'none',
    stroke: tokens.colorBrandBackground2,
    strokeWidth: '3.5',
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  },
});

/** The product's logo mark: a person with a check, on a brand tile (same drawing as public/logo.svg). */
export function LogoMark({ size, className, title }: { size: string; className?: string; title?: string }) {
  const s = useStyles();
  return (
    <svg
      className={mergeClasses(s.root, className)}
      width={size}
      height={size}
      viewBox="0 0 48 48"
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
    >
      <rect className={s.tile} width="48" height="48" rx="12" />
      <circle className={s.figure} cx="20" cy="17" r="6" />
      <path className={s.line} d="M9.5 37c0-6.4 4.7-10.5 10.5-10.5 2.6 0 5 .8 6.8 2.3" />
      <path className={s.check} d="M28.5 33.5l4.2 4.2 7.8-8.7" />
    </svg>
  );
}
