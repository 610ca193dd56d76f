import { memo, useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  makeStyles,
  Spinner,
  Tab,
  TabList,
  Text,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular, EyeRegular, VideoClipRegular } from '@fluentui/react-icons';
import { useSnapshot } from 'valtio';
import type { MediaItem, MediaListData } from '../../../../contract/upload';
import { tUpload } from '../../../shared/i18n/zh-CN.upload';
import { EmptyState, Pager } from '../../../shared/ui';
import { fetchMedia } from '../api';
import { formatBytes } from '../lib/format';
import { uploads } from '../store';

const PAGE_SIZE = 8;

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: tokens.spacingHorizontalM, marginTop: tokens.spacingVerticalM },
  card: {
    display: 'flex',
    flexDirection: 'column',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  thumb: {
    aspectRatio: '16 / 9',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeHero800,
    overflow: 'hidden',
  },
  img: { width: '100%', height: '100%', objectFit: 'cover' },
  body: { padding: tokens.spacingHorizontalS, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  title: { fontWeight: tokens.fontWeightSemibold, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  meta: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  center: { padding: tokens.spacingVerticalXXL, display: 'flex', justifyContent: 'center' },
  player: { width: '100%', maxHeight: '60vh', backgroundColor: tokens.colorNeutralForeground1, borderRadius: tokens.borderRadiusMedium },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    marginTop: tokens.spacingVerticalM,
    fontSize: tokens.fontSizeBase200,
  },
  fact: { color: tokens.colorNeutralForeground3 },
  mono: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
});

function Preview({ item }: { item: MediaItem }) {
  const s = useStyles();
  return (
    <Dialog>
      <DialogTrigger disableButtonEnhancement>
        <Button size="small" appearance="subtle" icon={<EyeRegular />} data-testid="media-preview">
          {tUpload.upload.preview}
        </Button>
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle
            action={
              <DialogTrigger action="close">
                <Button appearance="subtle" aria-label={tUpload.upload.close} icon={<DismissRegular />} />
              </DialogTrigger>
            }
          >
            {tUpload.upload.previewTitle(item.title)}
          </DialogTitle>
          <DialogContent>
            {item.url &&
              (item.kind === 'video' ? (
                <video className={s.player} src={item.url} controls preload="metadata" data-testid="media-player" />
              ) : (
                <img className={s.player} src={item.url} alt={item.title} />
              ))}
            <div className={s.facts}>
              <span className={s.fact}>{tUpload.upload.mediaId}</span>
              <span className={s.mono}>{item.media_id}</span>
              <span className={s.fact}>{tUpload.upload.size}</span>
              <span>{formatBytes(item.file_size)}</span>
              <span className={s.fact}>{tUpload.upload.crc}</span>
              <span className={s.mono}>{item.crc64}</span>
              <span className={s.fact}>{tUpload.upload.uploader}</span>
              <span>{item.uploader}</span>
              <span className={s.fact}>{tUpload.upload.uploadedAt}</span>
              <span>{item.created_at}</span>
            </div>
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/**
 * The company's finished uploads (GET /ent/v3/upload/media), previewable. Memoised: the drawer
 * re-renders when the queue changes (a file added, a state, a note); this part reads its own
 * state and re-renders only for that.
 */
export const MediaLibrary = memo(function MediaLibrary() {
  const s = useStyles();
  const { libraryVersion } = useSnapshot(uploads);
  const [kind, setKind] = useState<'all' | 'video' | 'image'>('all');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<MediaListData | null>(null);
  const [error, setError] = useState(false);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    setError(false);
    fetchMedia({ kind, page, page_size: PAGE_SIZE })
      .then((d) => live && setData(d))
      .catch(() => live && setError(true));
    return () => {
      live = false;
    };
  }, [kind, page, libraryVersion, reload]);

  return (
    <section aria-label={tUpload.upload.libraryTitle} data-testid="media-library">
      <div className={s.head}>
        <Text weight="semibold" size={400}>
          {tUpload.upload.libraryTitle}
        </Text>
        <TabList
          size="small"
          selectedValue={kind}
          onTabSelect={(_, d) => {
            setKind(d.value as typeof kind);
            setPage(1);
          }}
        >
          {(['all', 'video', 'image'] as const).map((k) => (
            <Tab key={k} value={k}>
              {tUpload.upload.tabs[k]}
            </Tab>
          ))}
        </TabList>
      </div>
      {error ? (
        <div className={s.center}>
          <Button onClick={() => setReload((n) => n + 1)}>{`${tUpload.upload.libraryError}，${tUpload.upload.reload}`}</Button>
        </div>
      ) : !data ? (
        <div className={s.center}>
          <Spinner size="small" />
        </div>
      ) : data.list.length === 0 ? (
        <EmptyState compact description={tUpload.upload.libraryEmpty} />
      ) : (
        <>
          <div className={s.grid}>
            {data.list.map((m) => (
              <article key={m.media_id} className={s.card} data-testid="media-card">
                <div className={s.thumb}>
                  {m.kind === 'image' && m.url ? <img className={s.img} src={m.url} alt={m.title} loading="lazy" /> : <VideoClipRegular />}
                </div>
                <div className={s.body}>
                  <Text className={s.title} title={m.title}>
                    {m.title}
                  </Text>
                  <Text className={s.meta}>
                    {tUpload.upload.kind[m.kind]} · {formatBytes(m.file_size)}
                  </Text>
                  <Text className={s.meta}>
                    {m.uploader} · {m.created_at.slice(0, 16)}
                  </Text>
                  <div>
                    <Preview item={m} />
                  </div>
                </div>
              </article>
            ))}
          </div>
          {data.total > PAGE_SIZE && <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} />}
        </>
      )}
    </section>
  );
});
