import { lazy, Suspense, useEffect } from 'react';
import { Button, CounterBadge, makeStyles, tokens } from '@fluentui/react-components';
import { CloudArrowUpRegular } from '@fluentui/react-icons';
import { useSnapshot } from 'valtio';
import { tUpload } from '../../../shared/i18n/zh-CN.upload';
import { media } from '../../../shared/theme';
import { afterFirstPaint } from '../../../shared/lib/painted';
import { activeCount, openUploadCenter, uploads } from '../store';

// the drawer (and the worker) load when first opened
const UploadDrawer = lazy(() => import('./UploadDrawer'));

const useStyles = makeStyles({
  wrap: { position: 'relative', display: 'inline-flex' },
  label: { [media.phone]: { display: 'none' } },
  badge: { position: 'absolute', top: `calc(${tokens.spacingVerticalXS} * -1)`, right: `calc(${tokens.spacingHorizontalXS} * -1)`, pointerEvents: 'none' },
});

/** The top nav's entry to 企业素材库 · 上传中心, with the count of files still uploading. */
export function UploadCenterButton() {
  const s = useStyles();
  const snap = useSnapshot(uploads);
  const active = activeCount(snap);
  // a reload with unfinished uploads: bring them back into view
  useEffect(() => {
    let alive = true;
    // the client (Comlink, the worker bridge) loads after the first page has painted
    const cancel = afterFirstPaint(() => {
      void import('../client').then(async ({ hasPendingCheckpoints, restoreUploads }) => {
        if (alive && (await hasPendingCheckpoints())) void restoreUploads();
      });
    });
    return () => {
      alive = false;
      cancel();
    };
  }, []);
  return (
    <>
      {/* a native title instead of a Fluent Tooltip: keeps the positioning code out of the layout chunk */}
      <span className={s.wrap} title={active ? tUpload.upload.navBadge(active) : tUpload.upload.navButton}>
        <Button
          appearance="subtle"
          icon={<CloudArrowUpRegular />}
          aria-label={tUpload.upload.navButton}
          onClick={() => openUploadCenter(true)}
          data-testid="upload-center-button"
        >
          <span className={s.label}>{tUpload.upload.navButton}</span>
        </Button>
        {active > 0 && <CounterBadge className={s.badge} count={active} size="small" color="brand" data-testid="upload-badge" />}
      </span>
      {snap.open && (
        <Suspense fallback={null}>
          <UploadDrawer />
        </Suspense>
      )}
    </>
  );
}
