import { makeStyles, tokens } from '@fluentui/react-components';

// the worker's pages share the public phone pages' card look
export { usePhoneStyles } from '../../../shared/ui/phone';

/** Delivery photos: three square tiles a row, whatever the phone's width. */
export const usePhotoStyles = makeStyles({
  photoBlock: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, width: '100%', textAlign: 'left' },
  photos: { display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: tokens.spacingHorizontalS, width: '100%' },
  thumbLink: { display: 'block', lineHeight: 0 },
  thumb: {
    width: '100%',
    aspectRatio: '1 / 1',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    boxSizing: 'border-box',
  },
});
