import { Providers } from './providers';
import { LoadingOverlay } from './shell/LoadingOverlay';
import { AppRouter } from './shell/router';

export function App() {
  return (
    <Providers>
      <AppRouter />
      <LoadingOverlay />
    </Providers>
  );
}
