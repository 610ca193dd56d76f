/** One action of a row: its words, what it does, and its test id (kept when it moves under 更多). */
export interface RowAction {
  key: string;
  label: string;
  onClick: () => void;
  disabled?: boolean;
  testId?: string;
}
