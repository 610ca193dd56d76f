/** dayjs with the Chinese locale (星期五, 上午…), set once. */
import dayjsBase from 'dayjs';
import 'dayjs/locale/zh-cn';

/**
 * The locale is set inside the exported value's initialiser, not by a statement of its own: the
 * build treats src/app as free of side effects (vite.config.ts `moduleSideEffects`), so a bare
 * `dayjs.locale('zh-cn')` statement was dropped and dates read "Tuesday".
 */
export const dayjs: typeof dayjsBase = ((d: typeof dayjsBase) => {
  d.locale('zh-cn');
  return d;
})(dayjsBase);
