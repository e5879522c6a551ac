import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { messages } from '@ajar/shared/common/messages';

/** The built file a URL path names, or undefined; never a path outside the build folder. */
function builtFile(webDist: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const relative = path.normalize(decoded).replace(/^([/\\])+/, '');
  if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const full = path.join(webDist, relative);
  try {
    return fs.statSync(full).isFile() ? relative : undefined;
  } catch {
    return undefined;
  }
}

/** An app's index.html (precompressed like the rest), always revalidated: it names the assets. */
function sendIndex(reply: FastifyReply, dist: string) {
  reply.header('cache-control', 'no-cache');
  return reply.sendFile('index.html', dist, { cacheControl: false });
}

/** One built single-page app and the address prefix it is served under. */
interface Site {
  /** `/` for the back office, `/belajar/` for the participants' app. */
  prefix: string;
  dist: string;
}

/** The site a path belongs to: the longest prefix first (`/belajar` itself included). */
function siteOf(sites: Site[], urlPath: string): { site: Site; rest: string } {
  for (const site of sites) {
    if (site.prefix === '/') continue;
    if (urlPath === site.prefix.slice(0, -1) || urlPath.startsWith(site.prefix))
      return { site, rest: urlPath.slice(site.prefix.length - 1) || '/' };
  }
  const root = sites.find((site) => site.prefix === '/') as Site;
  return { site: root, rest: urlPath };
}

/**
 * Serves the built SPAs with history fallback: the back office at `/` and the participants' app
 * at `/belajar/` (its own index.html, assets and service worker). Files are looked up per request
 * (no list taken at start), so a rebuild while the server runs is served at once; any other GET
 * outside /api, /media, /file and the assets answers the index.html of its app, so deep links
 * work.
 */
export const staticPlugin = fp(
  async (app: FastifyInstance, opts: { webDist: string; learnerDist: string }) => {
    const sites: Site[] = [
      { prefix: '/belajar/', dist: opts.learnerDist },
      { prefix: '/', dist: opts.webDist },
    ];
    // Only the reply.sendFile decorator: registering routes would put every GET /api/… miss
    // behind a catch-all route (and its auth guard) instead of the 404 below.
    // `preCompressed`: the builds carry `.br` and `.gz` copies (scripts/vite-shared.ts
    // `precompress`), sent by the browser's Accept-Encoding with `Vary: Accept-Encoding`; files
    // without a copy are sent as they are (the 404 handler is outside @fastify/compress).
    await app.register(fastifyStatic, { root: opts.webDist, serve: false, preCompressed: true });

    app.setNotFoundHandler((request, reply) => {
      const urlPath = request.url.split('?')[0] ?? '/';
      const isApi = urlPath.startsWith('/api/') || urlPath === '/api';
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      const isUpload = urlPath.startsWith('/media/') || urlPath.startsWith('/file/');
      if (isRead && !isApi && !isUpload) {
        const { site, rest } = siteOf(sites, urlPath);
        // `/belajar` → `/belajar/`: the app and its service worker's scope end with the slash.
        if (site.prefix !== '/' && urlPath === site.prefix.slice(0, -1)) {
          const query = request.url.slice(urlPath.length);
          return reply.redirect(site.prefix + query, 301);
        }
        const file = builtFile(site.dist, rest);
        if (file) {
          // Vite's hashed assets never change; everything else revalidates.
          const hashed = file.startsWith(`assets${path.sep}`);
          if (file === 'sw.js') {
            // A service worker is always checked for a new version, and may control its app.
            reply.header('service-worker-allowed', site.prefix).header('cache-control', 'no-cache');
            return reply.sendFile(file, site.dist, { cacheControl: false });
          }
          if (file === 'index.html') return sendIndex(reply, site.dist);
          return reply.sendFile(file, site.dist, {
            maxAge: hashed ? 31_536_000_000 : 0,
            immutable: hashed,
          });
        }
        // A missing hashed asset must not answer index.html: the browser would run HTML as a
        // script.
        const isFile = rest.startsWith('/assets/');
        if (!isFile && fs.existsSync(path.join(site.dist, 'index.html'))) {
          return sendIndex(reply, site.dist);
        }
      }
      return reply.status(404).send({ status: 404, message: messages.notFound });
    });
  },
);
