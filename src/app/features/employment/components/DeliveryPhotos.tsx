import type { DeliveryPhoto } from '../../../../contract/employment';
import { tEmp } from '../../../shared/i18n/zh-CN.employment';
import { usePageStyles } from './styles';

/**
 * A delivery's photos in HR's list (管理任务): thumbnails that open the image; photos deleted by
 * retention (docs/pii.md, 5 years after the task ended) are counted and said so, not shown broken.
 */
export function DeliveryPhotos({ name, photos }: { name: string; photos: readonly DeliveryPhoto[] }) {
  const s = usePageStyles();
  const m = tEmp.manage;
  const shown = photos.filter((p) => !p.purged);
  const purged = photos.length - shown.length;
  if (!photos.length) return null;
  return (
    <div data-testid="manage-photos">
      {shown.length > 0 && (
        <>
          <div className={s.small}>{m.photos(shown.length)}</div>
          <div className={s.thumbs}>
            {shown.map((p, i) => (
              <a key={p.media_id} className={s.thumbLink} href={p.url} target="_blank" rel="noopener noreferrer" data-testid="manage-photo">
                <img className={s.thumb} src={p.url} alt={m.photoAlt(name, i + 1)} loading="lazy" decoding="async" />
              </a>
            ))}
          </div>
        </>
      )}
      {purged > 0 && (
        <div className={s.small} data-testid="manage-photos-purged">
          {m.photosPurged(purged)}
        </div>
      )}
    </div>
  );
}
