import { call } from '../../shared/lib/http';
import type { MediaListData } from '../../../contract/upload';

export const fetchMedia = (query: { kind: 'all' | 'video' | 'image'; page: number; page_size: number }): Promise<MediaListData> => call('mediaList', { query });
