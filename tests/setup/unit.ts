import { afterEach } from 'vitest';

// Pure rule tests run with `@vitest-environment node` (no DOM to build, no DOM library to load:
// jsdom and @testing-library cost about a second per file); the rest get the DOM helpers.
if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  // findBy…/waitFor: 1 s by default; CI runs the unit tests beside tsc and eslint on two cores
  configure({ asyncUtilTimeout: 5_000 });

  afterEach(() => {
    cleanup();
    localStorage.clear();
    document.cookie.split(';').forEach((c) => {
      const name = c.split('=')[0]?.trim();
      if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    });
  });
}
