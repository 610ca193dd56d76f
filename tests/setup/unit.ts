import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy…/waitFor: 1 s by default; CI runs the unit tests beside tsc and eslint on two cores
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  // worker tests run with `@vitest-environment node`: no DOM to clean
  if (typeof document === 'undefined') return;
  cleanup();
  localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
