import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { Messages } from '@app/contract/errors';
import { configureZodMessages } from '@app/contract/zod-config';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Config } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Deps } from './deps.ts';
import { registerAccessLog, requestIdOf } from './http/access-log.ts';
import { registerAuthentication } from './http/auth.ts';
import { registerCsrf } from './http/csrf.ts';
import { answerFrameworkError, errorBody, registerErrorHandling } from './http/errors.ts';
import { registerIdempotency } from './http/idempotency.ts';
import { registerNulGuard } from './http/nul-guard.ts';
import { recordRouteTable } from './http/route-table.ts';
import { createPgWakeup } from './jobs/pg-wakeup.ts';
import { createTableQueue } from './jobs/table-queue.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { type CpuPool, createCpuPool } from './lib/cpu-pool.ts';
import { registerMailJob } from './mail/mail-job.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { registerAnswerKeyRoutes } from './modules/answer-keys/routes.ts';
import { type AnswerKeysService, createAnswerKeysService } from './modules/answer-keys/service.ts';
import { registerAssignmentRoutes } from './modules/assignments/routes.ts';
import { type AssignmentsService, createAssignmentsService } from './modules/assignments/service.ts';
import { registerAuthRoutes } from './modules/auth/routes.ts';
import { createAuthService } from './modules/auth/service.ts';
import { registerAuthoringRoutes } from './modules/authoring/routes.ts';
import { type AuthoringService, createAuthoringService } from './modules/authoring/service.ts';
import { registerCourseRoutes } from './modules/courses/routes.ts';
import { type CoursesService, createCoursesService } from './modules/courses/service.ts';
import { registerDiscussionRoutes } from './modules/discussion/routes.ts';
import { createDiscussionService, type DiscussionService } from './modules/discussion/service.ts';
import { registerDueSoonRoutes } from './modules/due-soon/routes.ts';
import { createDueSoonService, type DueSoonService } from './modules/due-soon/service.ts';
import { registerGradeBookRoutes } from './modules/gradebook/routes.ts';
import { createGradeBookService, type GradeBookService } from './modules/gradebook/service.ts';
import { checkoutCspSources } from './modules/integrations/checkout-csp.ts';
import { createGoogleService, type GoogleService } from './modules/integrations/google-service.ts';
import { createPaymentsService, type PaymentsService } from './modules/integrations/payments-service.ts';
import { registerIntegrationRoutes } from './modules/integrations/routes.ts';
import { registerLibraryRoutes } from './modules/library/routes.ts';
import { createLibraryService, type LibraryService } from './modules/library/service.ts';
import { registerScoreJob } from './modules/lti/ags.ts';
import { registerLtiFraming } from './modules/lti/framing.ts';
import { registerLtiRoutes } from './modules/lti/routes.ts';
import { createLtiService, type LtiService } from './modules/lti/service.ts';
import { registerMediaRoutes } from './modules/media/routes.ts';
import { createMediaService, type MediaService } from './modules/media/service.ts';
import { registerPartWritingRoutes } from './modules/part-writing/routes.ts';
import { createPartWritingService, type PartWritingService } from './modules/part-writing/service.ts';
import { registerPeopleRoutes } from './modules/people/routes.ts';
import { createPeopleService, type PeopleService } from './modules/people/service.ts';
import { registerReferenceRoutes } from './modules/reference/routes.ts';
import { registerSubmissionRoutes } from './modules/submissions/routes.ts';
import { createSubmissionsService, type SubmissionsService } from './modules/submissions/service.ts';
import { registerTeacherRequestRoutes } from './modules/teacher-requests/routes.ts';
import { createTeacherRequestsService } from './modules/teacher-requests/service.ts';
import { registerUserRoutes } from './modules/users/routes.ts';
import { createUsersService } from './modules/users/service.ts';
import { registerWorkspaceRoutes } from './modules/workspace/routes.ts';
import { createWorkspaceService, type WorkspaceService } from './modules/workspace/service.ts';
import { createMetrics, type Metrics } from './operations/metrics.ts';
import { createReadiness, type Readiness } from './operations/readiness.ts';
import { registerOperationsRoutes } from './operations/routes.ts';
import { createStorage } from './storage/create-storage.ts';
import { registerFileRoutes } from './storage/file-routes.ts';
import { isLocalStorage } from './storage/local-storage.ts';
import type { Storage } from './storage/storage.ts';

configureZodMessages();

export type AppOverrides = {
  clock?: Clock;
  mailer?: Mailer;
  database?: DatabaseHandle;
  storage?: Storage;
  /** A CPU pool shared by several apps of one process (tests); the app then leaves it open. */
  cpu?: CpuPool;
};

export type Services = {
  auth: ReturnType<typeof createAuthService>;
  users: ReturnType<typeof createUsersService>;
  courses: CoursesService;
  people: PeopleService;
  assignments: AssignmentsService;
  library: LibraryService;
  authoring: AuthoringService;
  answerKeys: AnswerKeysService;
  submissions: SubmissionsService;
  gradeBook: GradeBookService;
  workspace: WorkspaceService;
  dueSoon: DueSoonService;
  google: GoogleService;
  payments: PaymentsService;
  teacherRequests: ReturnType<typeof createTeacherRequestsService>;
  media: MediaService;
  discussion: DiscussionService;
  partWriting: PartWritingService;
  lti: LtiService;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    services: Services;
    /** Health, readiness (main turns it red at SIGTERM) and metrics (operations/). */
    operations: { readiness: Readiness; metrics: Metrics };
  }
}

/** Answers up to this size are compressed inline, quickly; larger ones stream (decision 030). */
const SMALL_ANSWER_BYTES = 16 * 1024;

/** Brotli for a small answer: quality 1. */
function quickBrotli(payload: string | Buffer, options: zlib.BrotliOptions) {
  return zlib.brotliCompressSync(payload, { ...options, params: { ...options.params, [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } });
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the whole server on a migrated database; `main` listens on it, tests inject into it. */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Fastify's two lines per request give way to one access-log line (http/access-log.ts).
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'requestId' }),
    genReqId: requestIdOf,
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  recordRouteTable(app);

  const database =
    overrides.database ??
    openDatabase(config, {
      // pg attaches the whole client to the error: log what it says, not the client.
      onPoolError: (err) => app.log.warn({ code: (err as { code?: string }).code, reason: err.message }, 'database connection lost (idle)'),
    });
  // With MIGRATE_ON_START=0 `npm run migrate` does it; readiness stays red until it has.
  if (config.migrateOnStart) {
    await migrateToLatest(database.db, database.dialect, database.dialect === 'postgres' ? config.databaseSchema : undefined);
  }
  app.addHook('onClose', async () => {
    if (!overrides.database) await database.destroy();
  });

  const metrics = createMetrics({ jobs: () => deps.jobs, pool: database.pool, processMetrics: config.metricsToken !== undefined });
  registerAccessLog(app, metrics);
  const deps: Deps = {
    config,
    db: database.db,
    dialect: database.dialect,
    clock: overrides.clock ?? systemClock,
    mailer:
      overrides.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log: app.log }),
    log: app.log,
    storage: overrides.storage ?? (await createStorage(config, () => (overrides.clock ?? systemClock).now())),
    jobs: createTableQueue({
      db: database.db,
      dialect: database.dialect,
      clock: overrides.clock ?? systemClock,
      log: app.log,
      concurrency: config.role === 'worker' ? Math.max(1, config.jobs.concurrency) : config.jobs.concurrency,
      pollIntervalMs: config.jobs.pollIntervalMs,
      leaseSeconds: config.jobs.leaseSeconds,
      stopGraceMs: config.shutdownGraceSeconds * 1000,
      onSettled: metrics.observeJob,
      ...(config.databaseUrl && database.dialect === 'postgres'
        ? { wakeup: createPgWakeup({ connectionString: config.databaseUrl, schema: config.databaseSchema, log: app.log }) }
        : {}),
    }),
    cpu:
      overrides.cpu ?? createCpuPool({ threads: config.cpu.threads, taskMs: config.cpu.taskSeconds * 1000, memoryMb: config.cpu.memoryMb }),
  };
  // Before the database closes: running jobs finish (or are queued again) first. main.ts starts the worker.
  app.addHook('preClose', async () => {
    await deps.jobs.stop();
  });
  app.addHook('onClose', async () => {
    if (!overrides.cpu) await deps.cpu.close();
  });
  // Every e-mail is a job queued with the change it is about (mail/mail-job.ts).
  registerMailJob(deps);
  // Scores to LMS grade books (LTI Assignment and Grade Services, issue 28).
  registerScoreJob(deps);
  // A getter, since the assignments service is built from this one (duplicates copy its content).
  const courses = createCoursesService(deps, { assignments: () => assignments });
  const people = createPeopleService(deps, { courses });
  const library = createLibraryService(deps);
  const assignments = createAssignmentsService(deps, { courses, library });
  // Auth reads and writes accounts through the users service; users asks auth for e-mail change links (a getter).
  const users = createUsersService(deps, { auth: () => auth });
  const auth = createAuthService(deps, { users });
  const gradeBook = createGradeBookService(deps, { courses });
  const submissions = createSubmissionsService(deps, { courses, gradeBook, assignments });
  const services: Services = {
    auth,
    google: createGoogleService(deps, { auth, courses, assignments }),
    payments: createPaymentsService(deps, { courses }),
    courses,
    people,
    assignments,
    library,
    authoring: createAuthoringService(deps, { courses, assignments, library }),
    answerKeys: createAnswerKeysService(deps, { assignments, gradeBook, submissions }),
    submissions,
    gradeBook,
    workspace: createWorkspaceService(deps, { courses, assignments, submissions }),
    dueSoon: createDueSoonService(deps),
    users,
    teacherRequests: createTeacherRequestsService(deps, { users }),
    media: createMediaService(deps),
    discussion: createDiscussionService(deps, { courses }),
    partWriting: createPartWritingService(deps, { courses, assignments, library }),
    lti: createLtiService(deps, { auth, users, courses, assignments }),
  };

  const secure = config.publicUrl.startsWith('https://');
  // FastSpring's popup checkout (live mode only): its library script and the storefront it calls and frames.
  const checkout = checkoutCspSources(config);
  // Helmet's headers, its middleware built once: @fastify/helmet built it anew on every request
  // (~5 % of a small API call, issue 15). Same options, same headers.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...checkout.scriptSrc],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Signed file URLs of an S3 bucket live on the bucket's origin.
        imgSrc: ["'self'", 'data:', 'blob:', ...(deps.storage.urlOrigin ? [deps.storage.urlOrigin] : [])],
        mediaSrc: ["'self'", 'blob:', ...(deps.storage.urlOrigin ? [deps.storage.urlOrigin] : [])],
        connectSrc: ["'self'", ...checkout.connectSrc],
        ...(checkout.frameSrc.length > 0 ? { frameSrc: ["'self'", ...checkout.frameSrc] } : {}),
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: secure ? [] : null,
      },
    },
    hsts: secure,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));
  // Registered LMS platforms may frame the pages (issue 28).
  registerLtiFraming(app, services.lti, deps.clock.now);
  // Responses above 1 KB leave compressed (brotli, else gzip); request bodies are not inflated.
  // Built assets come precompressed (registerWebApp). Answers up to 16 KB (most API calls) are
  // compressed in one call at brotli quality 1: the dashboard's 3 KB takes ~15 µs instead of ~40 µs
  // at quality 4 (over 100 µs inside the server under load) and leaves ~14 % more bytes, still one
  // or two TCP segments. Larger ones stream at quality 4 (decision 030).
  await app.register(fastifyCompress, {
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    syncThreshold: SMALL_ANSWER_BYTES,
    zlib: { brotliCompressSync: quickBrotli },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  // Upload routes pass their own limits to request.file(); nothing is buffered whole.
  await app.register(fastifyMultipart, { limits: { files: 1 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Harmony Dashboard API', version: '1.0.0', description: 'Courses, assignments and grades for music-theory teaching.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerErrorHandling(app);
  registerNulGuard(app);
  registerCsrf(app, { secure });
  registerAuthentication(app, deps);
  registerIdempotency(app, deps);
  const readiness = createReadiness(deps);
  registerOperationsRoutes(app, { readiness, metrics, metricsToken: config.metricsToken, role: config.role });
  registerAuthRoutes(app, services.auth);
  registerUserRoutes(app, services.users);
  registerCourseRoutes(app, services.courses);
  registerPeopleRoutes(app, services.people);
  registerAssignmentRoutes(app, services.assignments);
  registerLibraryRoutes(app, services.library);
  registerAuthoringRoutes(app, services.authoring);
  registerAnswerKeyRoutes(app, services.answerKeys);
  registerSubmissionRoutes(app, services.submissions);
  registerGradeBookRoutes(app, services.gradeBook);
  registerWorkspaceRoutes(app, services.workspace);
  registerDueSoonRoutes(app, services.dueSoon);
  registerIntegrationRoutes(app, services.google, services.payments);
  registerReferenceRoutes(app, deps);
  registerTeacherRequestRoutes(app, services.teacherRequests);
  registerMediaRoutes(app, services.media);
  registerDiscussionRoutes(app, services.discussion);
  registerPartWritingRoutes(app, services.partWriting);
  registerLtiRoutes(app, services.lti, { secure });
  if (isLocalStorage(deps.storage)) registerFileRoutes(app, deps.storage, deps.clock.now);
  await registerWebApp(app, config.webDist ?? defaultWebDist);

  app.decorate('deps', deps);
  app.decorate('services', services);
  app.decorate('operations', { readiness, metrics });
  return app;
}

/** Serves the built web app, with every non-API path falling back to index.html for the client router. */
async function registerWebApp(app: FastifyInstance, dist: string) {
  const hasWeb = fs.existsSync(path.join(dist, 'index.html'));
  if (hasWeb) {
    // Hashed files: cached for a year; the build's .br and .gz twins are sent to browsers that take them.
    await app.register(fastifyStatic, { root: dist, wildcard: false, index: false, maxAge: '1y', immutable: true, preCompressed: true });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !hasWeb) {
      return reply
        .status(404)
        .send(errorBody([{ code: 'not_found', message: Messages.noSuchPath(`${request.method} ${request.url.split('?')[0]}`) }]));
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html', { maxAge: 0, immutable: false });
  });
}
