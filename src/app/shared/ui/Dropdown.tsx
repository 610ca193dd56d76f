import { Dropdown as FluentDropdown, type DropdownProps } from '@fluentui/react-components';
import { t } from '../i18n/zh-CN';

/**
 * Fluent's Dropdown with its clear button named in Chinese: Fluent renders that button on every
 * Dropdown (hidden until something is chosen on a `clearable` one) labelled "Clear selection",
 * which a screen reader reads out in English (issue 33). Every Dropdown of the app comes from here
 * (dropdown.test.ts holds it).
 */
export function Dropdown(props: DropdownProps) {
  return <FluentDropdown clearButton={{ 'aria-label': t.clearSelection }} {...props} />;
}
