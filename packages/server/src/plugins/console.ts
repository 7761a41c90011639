import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isPublicPagePath } from '@gatehouse/entities/plain';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Paths the console never answers: the API, the protocol endpoints and stored files. */
const SERVER_PREFIXES = ['/api/', '/.well-known/', '/cas/', '/scim/', '/files/'];

/**
 * Console pages below a server prefix: the CAS sign-in and sign-out pages
 * (/cas/{organization}/{application}/login and /logout); the rest of /cas/ is the CAS server.
 */
const CONSOLE_PAGES = /^\/cas\/[^/]+\/[^/]+\/(login|logout)\/?$/;

export function isServerPath(url: string): boolean {
  if (CONSOLE_PAGES.test(url)) return false;
  return SERVER_PREFIXES.some((p) => url.startsWith(p)) || url === '/api';
}

/**
 * Serves the built console from `webRoot`: hashed assets cached for a year, the HTML never cached,
 * each file compressed ahead of time when the browser accepts Brotli or gzip, and every other GET
 * path answered with a page whose router takes over: signin.html for the sign-in pages (the
 * console's sign-in entry, without antd), index.html for the console. Returns null when no console
 * build is present; a build without signin.html answers every page with index.html.
 */
export async function registerConsole(
  app: FastifyInstance,
  webRoot: string,
): Promise<((reply: FastifyReply, pathname: string) => FastifyReply) | null> {
  const index = path.join(webRoot, 'index.html');
  if (!fs.existsSync(index)) return null;
  await app.register(fastifyStatic, {
    root: webRoot,
    prefix: '/',
    // One route for every file, which looks the file up when asked: a route per built file (about
    // 500) kept 6 MB of the idle server's memory. A path without a file goes on to the not-found
    // handler (app.ts), which answers a page path with the console's HTML.
    wildcard: true,
    // The build's own records (.vite/manifest.json) are not the console's to serve.
    allowedPath: (pathName) => !pathName.split('/').some((part) => part.startsWith('.')),
    index: false,
    // The build writes .br and .gz copies of its text files (packages/web/vite.config.ts): sent to
    // browsers that accept them, with Vary: Accept-Encoding.
    preCompressed: true,
    // Our own headers below; the plugin's default (max-age=0) would override them.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      // The same address answers Brotli, gzip or plain bytes: shared caches must key on the encoding.
      res.setHeader('vary', 'accept-encoding');
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else res.setHeader('cache-control', 'no-cache');
    },
  });
  const signin = fs.existsSync(path.join(webRoot, 'signin.html'));
  return (reply, pathname) =>
    reply
      .header('cache-control', 'no-cache')
      .sendFile(signin && isPublicPagePath(pathname) ? 'signin.html' : 'index.html', { cacheControl: false });
}
