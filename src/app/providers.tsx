import type { ReactNode } from 'react';
import { FluentProvider } from '@fluentui/react-components';
import { appTheme } from './shared/theme';
import { LazyToaster } from './shell/LazyToaster';

/** The one FluentProvider with the brand theme, and the one toaster (loaded with the first toast). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <FluentProvider theme={appTheme} lang="zh-CN" applyStylesToPortals>
      {children}
      <LazyToaster />
    </FluentProvider>
  );
}
