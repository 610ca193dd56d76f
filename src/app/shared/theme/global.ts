import { makeStaticStyles } from '@fluentui/react-components';
import { sizes } from './index';

/**
 * Touch screens (issue 18): every control at least 40 px on a coarse pointer. One rule for the
 * whole console, so the pages other areas add follow it without a line of their own. `body`
 * in front outweighs Fluent's one-class atomic rules (small and icon-only buttons are 24 px).
 */
const touch = sizes.touchTarget;
export const useGlobalStyles = makeStaticStyles(`
@media (pointer: coarse) {
  body .fui-Button, body .fui-MenuButton, body .fui-ToggleButton, body .fui-CompoundButton {
    min-height: ${touch}; min-width: ${touch}; max-width: none;
  }
  body .fui-Input, body .fui-Textarea, body .fui-Dropdown, body .fui-Combobox, body .fui-SpinButton,
  body .fui-Select, body .fui-Dropdown__button, body .fui-Select__select {
    min-height: ${touch};
  }
  body .fui-MenuItem, body .fui-Option, body .fui-Tab, body .fui-TreeItemLayout {
    min-height: ${touch};
  }
  body .fui-Checkbox, body .fui-Radio, body .fui-Switch {
    min-height: ${touch}; align-items: center;
  }
  body .fui-TableCell a, body .fui-TableCell .fui-Link, body .fui-Breadcrumb a, body .fui-BreadcrumbButton {
    display: inline-flex; align-items: center; min-height: ${touch};
  }
}
`);
