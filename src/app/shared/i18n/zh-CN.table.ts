/** shared/ui ListTable and RowActions: the 操作 column, its overflow menu, a row's hidden columns (lazy pages only, not the shell). */
export const tTable = { actions: '操作', more: '更多', detail: '详情' };
