import { Text } from '@fluentui/react-components';
import type { DeliveryPhoto } from '../../../../contract/employment';
import { tWorker } from '../../../shared/i18n/zh-CN.worker';
import { usePhoneStyles, usePhotoStyles } from './styles';

/**
 * The photos of the worker's delivery, three a row; each opens the image (a short-lived link).
 * Photos deleted by retention (docs/pii.md) are counted and said so.
 */
export function PhotoThumbs({ photos: all }: { photos: readonly DeliveryPhoto[] }) {
  const s = { ...usePhoneStyles(), ...usePhotoStyles() };
  if (!all.length) return null;
  const photos = all.filter((p) => !p.purged);
  const purged = all.length - photos.length;
  return (
    <div className={s.photoBlock} data-testid="flex-delivered-photos">
      {photos.length > 0 && (
        <Text block className={s.note}>
          {tWorker.invite.deliveredPhotos(photos.length)}
        </Text>
      )}
      {purged > 0 && (
        <Text block className={s.note} data-testid="flex-photos-purged">
          {tWorker.invite.photosPurged(purged)}
        </Text>
      )}
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
