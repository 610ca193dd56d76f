/** A keyword as an ILIKE "contains" pattern: its own %, _ and \ match literally (the default ESCAPE '\'). */
export const containsPattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** ` AND (a ILIKE $n OR b ILIKE $n …)`: the keyword contained in any of `columns` (its pattern pushed onto `args`); '' without a keyword. */
export function containsAnySql(args: unknown[], keywords: string | undefined, columns: readonly string[]): string {
  if (!keywords) return '';
  const k = `$${args.push(containsPattern(keywords))}`;
  return ` AND (${columns.map((c) => `${c} ILIKE ${k}`).join(' OR ')})`;
}
