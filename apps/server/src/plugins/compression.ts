import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** JSON bodies of at least this many bytes are compressed; smaller ones gain less than they cost. */
export const compressThreshold = 1024;

const jsonType = /^application\/(?:[\w.+-]+\+)?json(?:;|$)/;

/**
 * Compresses the API's JSON answers of 1 kB and more (Brotli or gzip, by Accept-Encoding, with
 * `Vary: Accept-Encoding`). Nothing else: streamed downloads and media keep their
 * length and byte ranges, the built apps come precompressed through @fastify/static (the 404
 * handler that serves them is outside this plugin's routes), Socket.IO answers on its own
 * listener, and an answer that already has a Content-Encoding is left alone.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  // @fastify/compress would also compress streams and every "compressible" type of mime-db
  // (text/csv, HTML): this hook, which runs before the plugin's route-level hook, opts those out
  // through the plugin's own per-request switch. Synchronous: it never waits, and an async hook
  // costs a promise and a microtask turn on every answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = String(reply.getHeader('content-type') ?? 'application/json');
    const buffered = typeof payload === 'string' || Buffer.isBuffer(payload);
    if (!buffered || !jsonType.test(type)) request.headers['x-no-compression'] = '1';
    done(null, payload);
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: compressThreshold,
    customTypes: jsonType,
  });
});
