import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { withPreloads } from './preloads';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built console. Hashed files under /assets/ never change; the rest revalidates — the
 * service worker (sw.js) and the manifest included, so a deploy is seen at the next check. The
 * build writes .br/.gz beside its text files; browsers that accept them get those.
 */
export async function registerStatic(app: FastifyInstance, staticDir: string | null): Promise<void> {
  if (!staticDir || !existsSync(staticDir)) return;
  await app.register(fastifyStatic, {
    root: staticDir,
    prefix: '/',
    wildcard: true,
    index: 'index.html',
    cacheControl: false,
    preCompressed: true,
    // dist/server/ is the compiled API server (npm run build), not part of the console
    allowedPath: (pathName) => !/^\/server(\/|$)/.test(pathName),
    setHeaders(reply, path) {
      reply.header('Cache-Control', path.includes(`${sep}assets${sep}`) ? IMMUTABLE : 'no-cache');
    },
  });
  // `/` is a page navigation like any other: index.html with the route's preloads (spaFallback)
  app.get('/', (req, reply) => spaFallback(staticDir, req, reply));
}

const HINT_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>企业服务平台</title>
<style>body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;max-width:560px;margin:15vh auto;padding:0 20px;color:#1f2937;line-height:1.7}
code{background:#f3f4f6;padding:2px 6px;border-radius:4px}</style></head>
<body><h1>控制台尚未构建</h1>
<p>API 服务已启动，但没有找到构建好的控制台页面（<code>dist/index.html</code>）。</p>
<p>请先运行 <code>npm run build</code>，或直接使用 <code>npm start</code>（会先构建再启动）。</p>
<p>沙箱操作台：<a href="/sandbox/">/sandbox/</a></p></body></html>`;

const acceptsHtml = (accept = '') => !accept.trim() || accept.includes('text/html') || accept.includes('*/*');

/** The last path segment ends like a file name (`x.js`, `logo.png`). */
const hasExtension = (path: string) => /\.[A-Za-z0-9]{1,8}$/.test(path.slice(path.lastIndexOf('/') + 1));

/**
 * Not-found fallback outside /ent and /sandbox. A page navigation (GET, no file extension,
 * accepting HTML — a browser says text/html, curl says *\/*, nothing said counts as anything)
 * gets index.html so client routes survive a reload; a missing asset (/assets/x.js) stays a plain
 * 404, never HTML that a script tag would choke on, and so does a request that asks for JSON only.
 */
export async function spaFallback(staticDir: string | null, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const path = req.url.split('?')[0] ?? '/';
  const isPage =
    (req.method === 'GET' || req.method === 'HEAD') && !hasExtension(path) && !path.startsWith('/assets/') && (path === '/' || acceptsHtml(req.headers.accept));
  if (!isPage) return reply.status(404).type('text/plain; charset=utf-8').send('404 未找到');
  const index = staticDir ? join(staticDir, 'index.html') : null;
  const html = index && existsSync(index) ? withPreloads(await readFile(index, 'utf8'), staticDir!, path, req.headers.cookie) : HINT_PAGE;
  return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
}
