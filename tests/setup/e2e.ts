/**
 * Setup of every browser test file (vite.config.ts, project e2e). A setup file runs for each test
 * file, also when a worker keeps its modules between files (isolate: false), so the hook is here
 * and not in harness.ts, which such a worker imports once.
 */
import { afterEach } from 'vitest';
import { takeConsoleFaults } from '../e2e/harness';

// every test fails on a console error or an uncaught page error (issue 17)
afterEach(() => {
  const faults = takeConsoleFaults();
  if (faults.length) throw new Error(`console errors or page errors during the test:\n${faults.join('\n')}`);
});
