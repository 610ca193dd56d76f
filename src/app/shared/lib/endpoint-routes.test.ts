// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { routes } from 'virtual:endpoint-routes';
import { endpoints } from '../../../contract/endpoints';

// the request layer sends every call from the generated routes: they must be the table's own
describe('virtual:endpoint-routes', () => {
  it('is the endpoint table without its schemas: every endpoint, the same method, path, auth and silent flag', () => {
    const names = Object.keys(endpoints);
    expect(names.length).toBeGreaterThan(100);
    expect(Object.keys(routes).sort()).toEqual(names.sort());
    for (const [name, e] of Object.entries(endpoints)) {
      const r = routes[name]!;
      expect({ name, ...r }).toEqual({ name, method: e.method, path: e.path, auth: e.auth, ...('silent' in e && e.silent ? { silent: true } : {}) });
    }
  });
});
