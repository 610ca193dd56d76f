import { useCallback, useEffect, useState } from 'react';
import {
  Button,
  Card,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { CheckmarkCircleFilled, DismissRegular, PremiumRegular } from '@fluentui/react-icons';
import { useSnapshot } from 'valtio';
import { dialogs } from '../../shared/dialogs/store';
import { t } from '../../shared/i18n/zh-CN';
import { formatFen } from '../../shared/lib/format';
import { loadSetting, session } from '../../shared/session';
import { media, sizes } from '../../shared/theme';
import { EmptyState } from '../../shared/ui';

const useStyles = makeStyles({
  surface: { maxWidth: sizes.vipDialog },
  title: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  titleIcon: { color: tokens.colorBrandForeground1, fontSize: tokens.fontSizeBase600 },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  intro: { color: tokens.colorNeutralForeground3 },
  packs: {
    display: 'grid',
    gridTemplateColumns: `repeat(auto-fit, minmax(${sizes.vipPackMin}, 1fr))`,
    gap: tokens.spacingHorizontalM,
    [media.phone]: { gridTemplateColumns: '1fr' },
  },
  pack: {
    position: 'relative',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingVerticalL,
    border: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralStroke2}`,
    ':hover': { border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke2}` },
  },
  packSelected: {
    border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorBrandBackground2,
    ':hover': { border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}` },
  },
  check: {
    position: 'absolute',
    top: tokens.spacingVerticalS,
    right: tokens.spacingHorizontalS,
    color: tokens.colorBrandForeground1,
    fontSize: tokens.fontSizeBase500,
  },
  price: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightBold, fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700 },
  muted: { color: tokens.colorNeutralForeground3 },
  gift: { color: tokens.colorPaletteMarigoldForeground2 },
  summary: {
    display: 'flex',
    alignItems: 'baseline',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  amount: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightBold, fontSize: tokens.fontSizeBase500 },
  center: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalXXL },
});

type Load = 'loading' | 'ready' | 'failed';

/**
 * 开通企业会员 (SPEC §2/§4): pick a membership pack. Closed only by its buttons, never by the
 * mask (SPEC §5). Ordering and WeChat payment are built by the membership issue.
 */
export default function VipDialog() {
  const s = useStyles();
  const { vip } = useSnapshot(dialogs);
  const { setting } = useSnapshot(session);
  const [load, setLoad] = useState<Load>('loading');
  const [chosen, setChosen] = useState<string | null>(null);
  const packs = setting?.company_order ?? [];
  const selected = packs.find((p) => p.pack === chosen) ?? packs[0];

  const fetchPacks = useCallback(() => {
    setLoad('loading');
    loadSetting().then(
      () => setLoad('ready'),
      () => setLoad('failed'),
    );
  }, []);

  useEffect(() => {
    if (vip) fetchPacks();
  }, [vip, fetchPacks]);

  const close = () => (dialogs.vip = false);

  return (
    <Dialog open={vip} modalType="alert" onOpenChange={(_, d) => !d.open && close()}>
      <DialogSurface className={s.surface} data-testid="vip-dialog">
        <DialogBody>
          <DialogTitle
            action={<Button appearance="subtle" aria-label={t.vip.close} icon={<DismissRegular />} onClick={close} />}
          >
            <span className={s.title}>
              <PremiumRegular className={s.titleIcon} aria-hidden />
              {t.vip.title}
            </span>
          </DialogTitle>
          <DialogContent className={s.content}>
            <Text className={s.intro}>{t.vip.intro}</Text>
            {load === 'loading' && !setting ? (
              <div className={s.center}>
                <Spinner size="small" label={t.state.loading} />
              </div>
            ) : load === 'failed' && !setting ? (
              <EmptyState
                compact
                text={t.vip.loadFailed}
                action={<Button onClick={fetchPacks}>{t.vip.retry}</Button>}
              />
            ) : packs.length === 0 ? (
              <EmptyState compact text={t.vip.noPacks} />
            ) : (
              <>
                <div className={s.packs} role="radiogroup" aria-label={t.vip.choose}>
                  {packs.map((p) => {
                    const on = p.pack === selected?.pack;
                    return (
                      <Card
                        key={p.pack}
                        className={mergeClasses(s.pack, on && s.packSelected)}
                        role="radio"
                        aria-checked={on}
                        tabIndex={0}
                        onClick={() => setChosen(p.pack)}
                        onKeyDown={(e) => {
                          if (e.key === 'Enter' || e.key === ' ') {
                            e.preventDefault();
                            setChosen(p.pack);
                          }
                        }}
                        data-testid="vip-pack"
                      >
                        {on && <CheckmarkCircleFilled className={s.check} aria-hidden />}
                        <Text weight="semibold" size={400}>
                          {p.name}
                        </Text>
                        <span className={s.price}>{formatFen(p.amount)}</span>
                        <Text size={200} className={s.muted}>
                          {t.vip.days(p.days)}
                        </Text>
                        <Text size={200} className={s.gift}>
                          {t.vip.gift(p.num)}
                        </Text>
                      </Card>
                    );
                  })}
                </div>
                {selected && (
                  <div className={s.summary} data-testid="vip-summary">
                    <Text>
                      {t.vip.selected}：{selected.name} · {t.vip.days(selected.days)}
                    </Text>
                    <Text>
                      {t.vip.payable}：<span className={s.amount}>{formatFen(selected.amount)}</span>
                    </Text>
                  </div>
                )}
                <MessageBar intent="info">
                  <MessageBarBody>
                    {t.vip.comingSoon} {t.footer.hotlineNumber}
                  </MessageBarBody>
                </MessageBar>
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={close}>
              {t.vip.close}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
