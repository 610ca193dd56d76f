/**
 * 消息中心 (issue 32 item 4). The page /messages uses `MessagesPage`; the top nav loads `Bell.tsx`
 * by its own dynamic import after the first paint (so the bell's chunk holds the bell only);
 * actions that write a message call `pokeMessages` (shared/lib/messages-poke.ts).
 */
export { MessagesPage } from './MessagesPage';
