import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from './errors';

describe('error handler', () => {
  it('answers 404 for a static file that vanished mid-request (a deploy swapping files), 500 for other failures', async () => {
    const app = Fastify();
    installErrorHandler(app, { logger: true });
    app.get('/assets/x.js', async () => {
      throw Object.assign(new Error("ENOENT: no such file or directory, open 'x.js'"), { code: 'ENOENT' });
    });
    app.get('/assets/y.js', async () => {
      throw new Error('disk on fire');
    });
    const gone = await app.inject('/assets/x.js');
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toBe('404 未找到');
    expect((await app.inject('/assets/y.js')).statusCode).toBe(500);
    await app.close();
  });
});
