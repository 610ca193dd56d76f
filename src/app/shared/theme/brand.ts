/** The brand colours: the only hex values of the app (ARCHITECTURE §1). */
import type { BrandVariants } from '@fluentui/react-components';

/** Brand blue; shade 80 is the primary (white text on it: contrast 5.7:1). */
export const brandRamp: BrandVariants = {
  10: '#06122B',
  20: '#081C42',
  30: '#0A2758',
  40: '#0C316F',
  50: '#0E3B86',
  60: '#11459D',
  70: '#1350B3',
  80: '#1660D8',
  90: '#2C6FDC',
  100: '#4681E0',
  110: '#6093E4',
  120: '#7CA6E9',
  130: '#99B9EE',
  140: '#B6CDF3',
  150: '#D3E1F8',
  160: '#F1F5FD',
};
