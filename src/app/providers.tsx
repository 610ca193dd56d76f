import type { ReactNode } from 'react';
import { FluentProvider } from '@fluentui/react-components';
import { appTheme } from './shared/theme';
import { useGlobalStyles } from './shared/theme/global';
import { LazyToaster } from './shell/LazyToaster';

/** The one FluentProvider with the brand theme, the global touch rules, and the one toaster (loaded with the first toast). */
export function Providers({ children }: { children: ReactNode }) {
  useGlobalStyles();
  return (
    <FluentProvider theme={appTheme} lang="zh-CN" applyStylesToPortals>
      {children}
      <LazyToaster />
    </FluentProvider>
  );
}
