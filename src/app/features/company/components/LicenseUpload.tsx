import { useEffect, useState, type ReactNode } from 'react';
import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { CheckmarkCircleFilled, DocumentRegular } from '@fluentui/react-icons';
import { tAccounts } from '../../../shared/i18n/zh-CN.accounts';
import { sizes } from '../../../shared/theme';
import { licenseFromMedia, licenseImage } from '../api';
import { LICENSE_ACCEPT, licenseFileProblem } from '../lib/validate';

const useStyles = makeStyles({
  root: { display: 'flex', gap: tokens.spacingHorizontalL, alignItems: 'flex-start', flexWrap: 'wrap' },
  preview: {
    width: sizes.footerQr,
    height: sizes.footerQr,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} dashed ${tokens.colorNeutralStroke1}`,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeHero700,
  },
  img: { width: '100%', height: '100%', objectFit: 'cover' },
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, flexGrow: 1, minWidth: 0 },
  hint: { color: tokens.colorNeutralForeground3, maxWidth: sizes.searchBox },
  done: { color: tokens.colorPaletteGreenForeground1, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

/** What the licence's upload control gets from the form. */
export interface LicenseSlotProps {
  /** the engine's ImageId once the image is stored; '' when the user picks another file */
  onMediaId: (mediaId: string) => void;
  /** the browser-side check of a picked file (type, size): the words to show, or null */
  check: (file: File) => string | null;
  /** the `accept` of the file input */
  accept: string;
  invalid: boolean;
}
/**
 * The licence's upload control. The company feature cannot use the upload feature (features never
 * import each other): the page passes the upload feature's field in.
 */
export type LicenseSlot = (props: LicenseSlotProps) => ReactNode;

export interface LicenseUploadProps {
  value: number | null;
  onChange: (id: number | null) => void;
  invalid?: boolean;
  field: LicenseSlot;
}

/**
 * 营业执照 (domain.md §2.12): type and size checked in the browser, the image stored through the
 * upload engine (the page's `field`), then handed to the server as an ImageId, which keeps a copy
 * as the application's licence file (`license_id`).
 */
export function LicenseUpload({ value, onChange, invalid, field }: LicenseUploadProps) {
  const s = useStyles();
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // stored in this visit: the upload field says so itself
  const [fresh, setFresh] = useState(false);
  const f = tAccounts.companyForm;

  // the licence on file (resubmitting, or just stored): show it
  useEffect(() => {
    if (!value || preview) return;
    let live = true;
    licenseImage(value).then(
      (d) => live && setPreview(d.image),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [value, preview]);

  const onMediaId = (mediaId: string) => {
    setPreview(null);
    setFresh(false);
    if (!mediaId) {
      onChange(null);
      return;
    }
    setBusy(true);
    licenseFromMedia(mediaId).then(
      (d) => {
        setBusy(false);
        setFresh(true);
        onChange(d.license_id);
      },
      () => {
        // told by the request layer
        setBusy(false);
        onChange(null);
      },
    );
  };

  return (
    <div className={s.root} data-testid="license-field">
      <div className={s.preview} aria-hidden>
        {preview ? <img className={s.img} src={preview} alt="" data-testid="license-preview" /> : <DocumentRegular />}
      </div>
      <div className={s.side}>
        {field({ onMediaId, check: licenseFileProblem, accept: LICENSE_ACCEPT, invalid: !!invalid })}
        {busy ? <Spinner size="tiny" label={f.licenseUploading} labelPosition="after" /> : null}
        {value && !busy && !fresh ? (
          <Text size={200} className={s.done} data-testid="license-done">
            <CheckmarkCircleFilled aria-hidden /> {f.licenseDone}
          </Text>
        ) : null}
        <Text size={200} className={s.hint}>
          {f.licenseHint}
        </Text>
      </div>
    </div>
  );
}
