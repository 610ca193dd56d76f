import { MessagesPage } from '../features/messages';

/** /messages — 消息中心 (issue 32 item 4). */
export default function Messages() {
  return <MessagesPage />;
}
