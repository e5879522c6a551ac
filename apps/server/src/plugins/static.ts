import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
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

/**
 * Serves the built SPA with history fallback. Files are looked up per request (no list taken at
 * start), so a rebuild while the server runs is served at once; any other GET outside /api, /media,
 * /file and /assets answers index.html, so deep links work.
 */
export const staticPlugin = fp(async (app: FastifyInstance, opts: { webDist: string }) => {
  const indexFile = path.join(opts.webDist, 'index.html');
  // Only the reply.sendFile decorator: registering routes would put every GET /api/… miss behind
  // a catch-all route (and its auth guard) instead of the 404 below.
  await app.register(fastifyStatic, { root: opts.webDist, serve: false });

  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    const isApi = urlPath.startsWith('/api/') || urlPath === '/api';
    // A missing hashed asset must not answer index.html: the browser would run HTML as a script.
    const isFile = ['/media/', '/file/', '/assets/'].some((prefix) => urlPath.startsWith(prefix));
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && !isApi && !urlPath.startsWith('/media/') && !urlPath.startsWith('/file/')) {
      const file = builtFile(opts.webDist, urlPath);
      if (file) {
        // Vite's hashed assets never change; everything else revalidates.
        const hashed = file.startsWith(`assets${path.sep}`);
        return reply.sendFile(file, {
          maxAge: hashed ? 31_536_000_000 : 0,
          immutable: hashed,
        });
      }
      if (!isFile && fs.existsSync(indexFile)) {
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html')
          .send(fs.createReadStream(indexFile));
      }
    }
    return reply.status(404).send({ status: 404, message: messages.notFound });
  });
});
