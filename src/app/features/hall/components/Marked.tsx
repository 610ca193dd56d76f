import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  mark: { backgroundColor: tokens.colorPaletteYellowBackground2, color: 'inherit', borderRadius: tokens.borderRadiusSmall },
});

/** `text` with every case-insensitive occurrence of the searched keyword marked (人才大厅 matches). */
export function Marked({ text, keyword }: { text: string; keyword: string | undefined }) {
  const s = useStyles();
  const k = keyword?.toLowerCase() ?? '';
  if (!k) return <>{text}</>;
  const lower = text.toLowerCase();
  // toLowerCase keeps the length of the Chinese and Latin text shown here, so indexes line up
  if (lower.length !== text.length) return <>{text}</>;
  const parts: React.ReactNode[] = [];
  let from = 0;
  for (let at = lower.indexOf(k); at >= 0; at = lower.indexOf(k, at + k.length)) {
    if (at > from) parts.push(text.slice(from, at));
    parts.push(
      <mark key={at} className={s.mark}>
        {text.slice(at, at + k.length)}
      </mark>,
    );
    from = at + k.length;
  }
  if (parts.length === 0) return <>{text}</>;
  parts.push(text.slice(from));
  return <>{parts}</>;
}
