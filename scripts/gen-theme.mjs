/**
 * Writes src/app/shared/theme/light-theme.json: Fluent's light theme made from the brand ramp,
 * computed here once instead of in every browser. `createLightTheme` brings the palettes of every
 * Fluent colour into the shell's first paint (~9 KB gzip of code) to produce 459 strings (~3.4 KB);
 * the console ships the strings. Run `npm run gen:theme` after changing the ramp or upgrading
 * Fluent; `theme.test.ts` fails until the file equals what Fluent computes.
 */
import { writeFileSync } from 'node:fs';
import { createLightTheme } from '@fluentui/react-components';
import { brandRamp } from '../src/app/shared/theme/brand.ts';

const file = new URL('../src/app/shared/theme/light-theme.json', import.meta.url);
writeFileSync(file, `${JSON.stringify(createLightTheme(brandRamp), null, 1)}\n`);
console.log(`wrote ${file.pathname}`);
