import { t } from '../i18n/zh-CN';

/** messages.md: `{页面标题} - {副标题} - 企业服务平台`, a missing part is left out with its dash. */
export function documentTitle(title?: string | null, subtitle?: string | null): string {
  return [title, subtitle, t.product]
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(' - ');
}
