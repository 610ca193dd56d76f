// first: zod must not probe eval under the console's CSP (zod-csp.ts)
import './zod-csp';
import { z } from 'zod';

import { isPersonName, PERSON_NAME_MSG } from './person';

export { MOBILE_RE, SMS_CODE_RE } from './patterns';

/** The largest id the database holds (PostgreSQL `integer`). */
export const INT_MAX = 2_147_483_647;

/**
 * A database id as the API takes it (path segment, form field or query): a positive integer that
 * fits PostgreSQL's `integer`, so a hostile id is a 400, never a database error.
 */
export const Id = z.coerce.number().int().positive().max(INT_MAX);
/** Path id: positive integer given as a path segment. */
export const IdParam = z.strictObject({ id: Id });

/** Form-encoded fields arrive as strings; these coerce and bound them. */
export const formInt = (min = 0, max = INT_MAX) => z.coerce.number().int().min(min).max(max);

/** One-line text: no C0 control character and no DEL (NUL cannot even be stored). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;
/** Free text (a textarea): the same, but tab, line feed and carriage return are allowed. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NO_CONTROL_BUT_LINES = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/**
 * One-line text from a form or query: trimmed, at most `max` characters, no control characters.
 * Chain `.min()`/`.regex()` for a field's own rules; every string a request carries goes through
 * this or `freeText` (or an enum / an anchored regex).
 */
export const text = (max: number) => z.string().trim().max(max).regex(NO_CONTROL);
/** Multi-line text (a textarea): like `text`, but tab and line breaks are allowed. */
export const freeText = (max: number) => z.string().trim().max(max).regex(NO_CONTROL_BUT_LINES);
/** The name the existing form schemas use: the same as `text`. */
export const formText = text;

/** A date-time as the API writes it: `YYYY-MM-DD HH:mm:ss` in China time. */
export const DateTimeText = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
/** A date as the API writes it: `YYYY-MM-DD`. */
export const DateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** `YYYY-MM-DD` naming a day the calendar has (not 2026-02-30): what a form's date must be. */
export const isRealDay = (v: string) => {
  if (!DateText.safeParse(v).success) return false;
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
};
/** A date in a request: a real calendar day as `YYYY-MM-DD`. */
export const DayInput = (msg = '日期格式应为YYYY-MM-DD') => z.string().trim().refine(isRealDay, msg);

/** Money is an integer number of fen (分) everywhere but the display. */
export const Fen = z.number().int();

/**
 * A person's name typed into a form (issue 28 item 8): the same rule as HR's 指定人员 and the
 * 发放名单 import (contract/person isPersonName), so a public form takes no markup or stray text.
 */
export const PersonName = z.string().trim().min(1, '请填写姓名').refine(isPersonName, PERSON_NAME_MSG);

/**
 * Keyset paging (issue 34): the answer's `next` sent as `after` opens the next page, its `prev`
 * sent as `before` the previous one; a page number alone pages by offset.
 */
export const KeysetQuery = { after: z.string().max(200).optional(), before: z.string().max(200).optional() };
/** A keyset page's cursors ('' on an empty page) and whether the list has more rows than `total` counts (shown 1万+). */
export const KeysetPage = { next: z.string(), prev: z.string(), total_more: z.boolean() };
