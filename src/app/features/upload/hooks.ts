import { useSnapshot } from 'valtio';
import type { ItemSnapshot } from '../../../workers/upload/types';
import { uploads, type StagedInfo } from './store';

/** One upload's live state (null until the id is known). */
export function useUploadItem(id: string | null | undefined): ItemSnapshot | null {
  const snap = useSnapshot(uploads);
  return id ? ((snap.items[id] as ItemSnapshot | undefined) ?? null) : null;
}

/** One upload's staged copy in OPFS (null: none). */
export function useStaged(id: string): StagedInfo | null {
  const snap = useSnapshot(uploads);
  return (snap.staged[id] as StagedInfo | undefined) ?? null;
}
