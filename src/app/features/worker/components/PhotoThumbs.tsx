import { Text } from '@fluentui/react-components';
import type { DeliveryPhoto } from '../../../../contract/employment';
import { tWorker } from '../../../shared/i18n/zh-CN.worker';
import { usePhoneStyles, usePhotoStyles } from './styles';

/** The photos of the worker's delivery, three a row; each opens the image (a short-lived link). */
export function PhotoThumbs({ photos }: { photos: readonly DeliveryPhoto[] }) {
  const s = { ...usePhoneStyles(), ...usePhotoStyles() };
  if (!photos.length) return null;
  return (
    <div className={s.photoBlock} data-testid="flex-delivered-photos">
      <Text block className={s.note}>
        {tWorker.invite.deliveredPhotos(photos.length)}
      </Text>
      <div className={s.photos}>
        {photos.map((p, i) => (
          <a key={p.media_id} className={s.thumbLink} href={p.url} target="_blank" rel="noopener noreferrer" data-testid="flex-delivered-photo">
            <img className={s.thumb} src={p.url} alt={tWorker.invite.photoAlt(i + 1)} loading="lazy" decoding="async" />
          </a>
        ))}
      </div>
    </div>
  );
}
