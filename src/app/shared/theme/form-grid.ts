// its own module: the theme's index is on the shell (first paint), this only on form pages
/**
 * A form's grid of fields: as many 16em columns as fit, and no control wider than its column
 * (Fluent's Input and Dropdown keep a 250 px min-width: in 16em columns they ran 18–26 px past
 * their field into the next one, issue 33).
 */
export const formGrid = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(16em, 1fr))',
  '& .fui-Input, & .fui-Dropdown, & .fui-Combobox, & .fui-Select, & .fui-SpinButton': { minWidth: 0 },
} as const;
