// @vitest-environment node
import { createLightTheme } from '@fluentui/react-components';
import { describe, expect, it } from 'vitest';
import { appTheme, fontFamilyBase } from './index';
import { brandRamp } from './brand';
import lightTheme from './light-theme.json';

describe('the theme computed at build time', () => {
  it('equals what Fluent computes from the brand ramp (else: npm run gen:theme)', () => {
    expect(lightTheme).toEqual(JSON.parse(JSON.stringify(createLightTheme(brandRamp))));
  });

  it('is the app theme, with the system fonts', () => {
    expect(appTheme).toEqual({ ...createLightTheme(brandRamp), fontFamilyBase });
    expect(appTheme.colorBrandBackground).toBe(brandRamp[80]);
  });
});
