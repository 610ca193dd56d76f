import type { Message } from '../../../contract/messages';
import { call, callWithMsg } from '../../shared/lib/http';
import { hrefOf } from './href';
import { setUnread } from './store';

/** 已读 (unless it was) and the path of its record. */
export async function openMessage(m: Message): Promise<string> {
  if (!m.read)
    await call('msgRead', { params: { id: m.id } }, { hideMessage: true }).then(
      (d) => setUnread(d.unread),
      () => {},
    );
  return hrefOf(m.ref);
}

export async function readAll(): Promise<void> {
  const { data } = await callWithMsg('msgReadAll');
  setUnread(data.unread);
}
