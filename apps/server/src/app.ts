// Zod's Indonesian messages for every schema that words none: the API's validation replies.
import '@ajar/shared/common/zod-messages';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { CertificatePdfPool } from './lib/certificate-pdf-pool';
import { logSerializers } from './lib/log';
import { serverRoot } from './lib/server-root';
import { pushSubscriptionStore } from './modules/auth/auth.service';
import { findSessionUser } from './modules/auth/sessions.repository';
import { videoStreamsPlugin } from './modules/media/video-streams.plugin';
import { findSessionMember } from './modules/members/member-sessions.repository';
import { touchMemberSeen } from './modules/members/last-seen';
import { notificationSubscribersPlugin } from './modules/notifications/notification-subscribers.plugin';
import { participantPushPlugin } from './modules/notifications/participant-push.plugin';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { databasePlugin } from './plugins/database';
import { domainEventsPlugin } from './plugins/domain-events';
import { errorsPlugin, frameworkErrors } from './plugins/errors';
import { gracefulClosePlugin } from './plugins/graceful-close';
import { inputTextPlugin } from './plugins/input-text';
import { jobQueuePlugin } from './plugins/job-queue';
import { mailerPlugin } from './plugins/mailer';
import { memberAuthPlugin } from './plugins/member-auth';
import { metricsPlugin } from './plugins/metrics';
import { pushPlugin } from './plugins/push';
import { rateLimitPlugin } from './plugins/rate-limit';
import { realtimePlugin } from './plugins/realtime';
import { appDirectives, securityHeadersPlugin } from './plugins/security-headers';
import { staticPlugin } from './plugins/static';
import { storagePlugin } from './plugins/storage';
import { installRequestContext } from './lib/request-context';
import { registerModules } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The worker threads that render a certificate zip's PDFs. */
    certificatePdfs: CertificatePdfPool;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
}

/** The web app's build beside the server package (the same from `src/` and from `dist/`). */
export const defaultWebDist = path.resolve(serverRoot, '../web/dist');
/** The participants' app's build (Ajar Belajar, `/belajar/`), beside it likewise. */
export const defaultLearnerDist = path.resolve(serverRoot, '../learner/dist');

/**
 * Builds the whole server; `main.ts` listens, tests call `inject`. This is the composition root:
 * every piece of infrastructure is registered here, as a named plugin whose `dependencies`
 * Fastify checks, before the modules' routes, which only declare routes.
 */
export async function buildApp({ config, database }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: logSerializers,
          },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // A URL the router cannot decode, or a path parameter past its length, answers the envelope.
    frameworkErrors,
    // Graceful shutdown (plugins/graceful-close.ts): a request that still reaches the server while
    // it drains is answered (with `Connection: close`), not refused with a bare 503; connections
    // idle at close are closed at once.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  await app.register(databasePlugin, { database });
  // Its workers start on the first zip and end when idle. Closed after the job queue stopped
  // (onClose hooks run last-added first), so a zip finishing in the grace period still renders.
  const certificatePdfs = new CertificatePdfPool({ threads: config.PDF_THREADS });
  app.decorate('certificatePdfs', certificatePdfs);
  app.addHook('onClose', () => certificatePdfs.close());

  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: { directives: appDirectives(config.PUBLIC_URL) },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(gracefulClosePlugin);
  await app.register(compressionPlugin); // before the routes: it hooks each route as it is added
  await app.register(errorsPlugin);
  await app.register(inputTextPlugin); // NUL / lone surrogates: 400 before any route
  await app.register(swagger, {
    openapi: {
      info: { title: 'Ajar API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The OpenAPI document is still built (app.swagger()); only its pages are off without API_DOCS.
  if (config.API_DOCS) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  // The guards know no domain: the modules' session lookups come in as options.
  const { db } = database;
  const findStaffSession = (tokenHash: string) => findSessionUser(db, tokenHash);
  const findMemberSession = (tokenHash: string) => findSessionMember(db, tokenHash);
  installRequestContext(app); // who and from where, for the audit trail
  await app.register(authPlugin, { findSession: findStaffSession });
  await app.register(memberAuthPlugin, {
    findSession: findMemberSession,
    touch: (memberId) => touchMemberSeen(db, memberId),
  });
  await app.register(realtimePlugin, { findStaffSession, findMemberSession });
  // Before the modules: it hooks each write route as it is added.
  await app.register(rateLimitPlugin);
  if (config.METRICS) await app.register(metricsPlugin); // /api/metrics, off by default
  await app.register(jobQueuePlugin, {
    connection: database.queue,
    // pg-boss's cron runs the embedded database's daily backup (plugins/backup-control.ts).
    schedule:
      database.kind === 'pglite' && config.NODE_ENV !== 'test' && config.BACKUP_SCHEDULE !== 'off',
  });
  await app.register(storagePlugin);
  await app.register(mailerPlugin);
  await app.register(pushPlugin, { subscriptions: pushSubscriptionStore(db) });
  await app.register(participantPushPlugin);
  await app.register(videoStreamsPlugin);
  await app.register(domainEventsPlugin);
  await app.register(notificationSubscribersPlugin);
  await registerModules(app);
  await app.register(staticPlugin, {
    webDist: config.WEB_DIST ?? defaultWebDist,
    learnerDist: config.LEARNER_DIST ?? defaultLearnerDist,
  });
  return app;
}
