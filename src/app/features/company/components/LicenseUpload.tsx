import { useEffect, useRef, useState } from 'react';
import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular, CheckmarkCircleFilled, DocumentRegular } from '@fluentui/react-icons';
import { tAccounts } from '../../../shared/i18n/zh-CN.accounts';
import { toastError } from '../../../shared/lib/notify';
import { sizes } from '../../../shared/theme';
import { licenseImage, uploadLicense } from '../api';
import { licenseFileProblem } from '../lib/validate';

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
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: sizes.searchBox },
  hint: { color: tokens.colorNeutralForeground3 },
  done: { color: tokens.colorPaletteGreenForeground1, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  hidden: { display: 'none' },
});

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });

export interface LicenseUploadProps {
  value: number | null;
  onChange: (id: number | null) => void;
  invalid?: boolean;
}

/**
 * 营业执照 (domain.md §2.12): type and size checked in the browser, then a plain upload (a data
 * URL form field). The upload engine (src/workers/upload) can replace `uploadLicense` later.
 */
export function LicenseUpload({ value, onChange, invalid }: LicenseUploadProps) {
  const s = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const f = tAccounts.companyForm;

  // a licence already on file (resubmitting): show it
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

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const problem = licenseFileProblem(file);
    if (problem) {
      toastError(problem);
      return;
    }
    setBusy(true);
    try {
      const dataUrl = await readAsDataUrl(file);
      const { license_id } = await uploadLicense(dataUrl);
      setPreview(dataUrl);
      onChange(license_id);
    } catch {
      // told by the request layer
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className={s.root}>
      <div className={s.preview} aria-hidden>
        {preview ? <img className={s.img} src={preview} alt="" /> : <DocumentRegular />}
      </div>
      <div className={s.side}>
        <input
          ref={input}
          className={s.hidden}
          type="file"
          accept="image/jpeg,image/png"
          data-testid="license-input"
          aria-label={f.fields.license}
          onChange={(e) => void pick(e.target.files?.[0])}
        />
        <Button
          icon={busy ? <Spinner size="tiny" /> : <ArrowUploadRegular />}
          disabled={busy}
          onClick={() => input.current?.click()}
          appearance={invalid ? 'primary' : 'secondary'}
        >
          {busy ? f.licenseUploading : value ? f.licenseChange : f.licenseChoose}
        </Button>
        {value && !busy ? (
          <Text size={200} className={s.done}>
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
