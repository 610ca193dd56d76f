/** A keyword as an ILIKE "contains" pattern: its own %, _ and \ match literally (the default ESCAPE '\'). */
export const containsPattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
