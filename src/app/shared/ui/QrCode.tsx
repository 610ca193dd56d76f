import { useEffect, useState } from 'react';
import { makeStyles, mergeClasses, Spinner, tokens } from '@fluentui/react-components';
import { t } from '../i18n/zh-CN';

/** The spec's own QR size (SPEC §9: 200x200). */
export const QR_SIZE = 200;

const useStyles = makeStyles({
  box: {
    width: `${QR_SIZE}px`,
    height: `${QR_SIZE}px`,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: tokens.colorNeutralBackground1,
    flexShrink: 0,
  },
  img: { width: `${QR_SIZE}px`, height: `${QR_SIZE}px`, display: 'block' },
});

export interface QrCodeProps {
  value: string;
  /** accessible name of the image */
  alt: string;
  className?: string;
  testId?: string;
}

/**
 * A 200×200 QR code with the highest error correction (H), drawn by the `qrcode` package, which
 * loads with the first QR shown (never with the first route).
 */
export function QrCode({ value, alt, className, testId }: QrCodeProps) {
  const s = useStyles();
  const [drawn, setDrawn] = useState<{ value: string; url: string } | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(async (QR) => {
      const url = await QR.toDataURL(value, { errorCorrectionLevel: 'H', width: QR_SIZE, margin: 1 });
      if (live) setDrawn({ value, url });
    });
    return () => {
      live = false;
    };
  }, [value]);
  const ready = drawn?.value === value;
  return (
    <div className={mergeClasses(s.box, className)} data-testid={testId} data-qr-value={value} data-ready={ready}>
      {ready ? <img className={s.img} src={drawn.url} alt={alt} width={QR_SIZE} height={QR_SIZE} /> : <Spinner size="small" label={t.state.loading} />}
    </div>
  );
}
