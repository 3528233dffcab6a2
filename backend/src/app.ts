import 'reflect-metadata';
import compress from '@fastify/compress';
import { RequestContext } from '@mikro-orm/core';
import { AuthGuard } from './auth/auth.guard.js';
import { MikroORM } from '@mikro-orm/sql';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { AppModule } from './app.module.js';
import { FrontDoor, requestIdOf } from './cache/front-door.js';
import { isPreparedRead, registerPreparedReads } from './cache/prepared-read.js';
import { ReadCache } from './cache/read-cache.js';
import { keepRawBody } from './contract/raw-body.js';
import { getContract } from './contract/contract.js';
import { recordRoutes } from './contract/route-registry.js';
import type { AppConfig } from './config/config.js';
import { lazyRequestLogger, loggerOptions, PinoNestLogger } from './config/logger.js';
import { clientErrorHandler, frameworkErrors, serviceUnavailableWhileClosing } from './errors/framework-errors.js';
import { ReferenceService } from './reference/reference.service.js';
import { registerSecurityHeaders } from './web/security-headers.js';
import { registerStatic } from './web/static.js';

/** Trusts the `n` proxies nearest to this server (proxy-addr counts hops from 0). */
const hops = (n: number) => (_address: string, hop: number) => hop < n;

/** Builds the whole application (API, hub, static front ends) without listening. */
export async function createApp(config: AppConfig): Promise<NestFastifyApplication> {
  const door = new FrontDoor();
  const adapter = new FastifyAdapter({
    serverFactory: door.serverFactory,
    logger: loggerOptions(config),
    childLoggerFactory: lazyRequestLogger,
    requestIdHeader: false,
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => requestIdOf(req.headers),
    bodyLimit: 4 * 1024 * 1024,
    // Forwarded headers only from the proxies named in TRUST_PROXY (none by default).
    trustProxy: typeof config.trustProxy === 'number' ? hops(config.trustProxy) : config.trustProxy,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // Fastify's and Node's own answers come in the one error body too (framework-errors.ts).
    clientErrorHandler,
    frameworkErrors,
    return503OnClosing: false,
  });
  const fastify = adapter.getInstance() as unknown as FastifyInstance;
  recordRoutes(fastify);
  // Old clients send `Content-Type: application/json` with an empty body (validatesession):
  // that is no body, not malformed JSON. Anything else goes to Fastify's safe JSON parser.
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    keepRawBody(request, text);
    parseJson(request, text, done);
  });
  // Forms only where the contract declares them (the OAuth token endpoint, RFC 6749): elsewhere a
  // form is the 415 it always was. A repeated field arrives as a list, which the schema refuses.
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    const op = getContract().findByRoute(request.method, request.routeOptions.url ?? '');
    if (!op?.acceptsForm) return done(Object.assign(new Error('Tipo de contenido no soportado'), { statusCode: 415 }), undefined);
    const fields: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
    for (const [key, value] of new URLSearchParams(body.toString())) {
      const seen = fields[key];
      fields[key] = seen === undefined ? value : [seen, value].flat();
    }
    done(null, fields);
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    bufferLogs: true,
    abortOnError: false,
    bodyParser: false,
  });
  app.useLogger(new PinoNestLogger(fastify.log));
  app.enableShutdownHooks();

  const orm = app.get(MikroORM);
  let closing = false;
  fastify.addHook('preClose', (done) => {
    closing = true;
    door.shut();
    done();
  });
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    if (closing) return void serviceUnavailableWhileClosing(request, reply);
    // A prepared answer needs no ORM context (ReadCache builds in one of its own).
    if (isPreparedRead(request)) return done();
    RequestContext.create(orm.em, done);
  });

  registerSecurityHeaders(fastify);
  await app.register(compress as never, {
    threshold: 1024,
    // Answers held in memory up to 64 KB are compressed in one call (br at quality 4: ~80 µs for
    // the 14 KB movements page) instead of a zlib stream each, whose setup and thread-pool hops
    // cost the movements page 0.5 ms of CPU per request on 2 cores (the plugin's default there
    // streams from 8 KB). Larger answers and streams (the Excel) still stream.
    syncThreshold: 64 * 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^(text\/|application\/(json|javascript|yaml)|image\/svg\+xml)/,
  });
  app.enableCors({
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    credentials: true,
    exposedHeaders: ['Content-Range', 'X-Total-Count', 'x-request-id', 'appName', 'tenant'],
  });

  const reference = app.get(ReferenceService);
  await registerStatic(
    fastify,
    config,
    {
      brandOfHost: async (host) => {
        const brand = await RequestContext.create(orm.em, () => reference.currentBrand(host));
        return { appName: brand.appName, tenant: brand.tenant, title: brand.title, faviconUrl: brand.theme.faviconUrl };
      },
    },
    async (url, headers) => {
      // The page carries the answers of its first reads (web/page-boot.ts): the app's own, in process.
      const answer = await fastify.inject({ method: 'GET', url, headers });
      return { statusCode: answer.statusCode, body: answer.body };
    },
  );

  const guard = app.get(AuthGuard);
  // No ORM context for the check: its reads (open session, active API client) are plain statements,
  // and forking one per request was 7 % of a staff list's CPU (docs/benchmarks.md).
  registerPreparedReads(app.get(ModulesContainer), fastify, (request, operationId) => guard.admit(request, operationId));
  await app.init();
  // Requests answered at the door are not logged: it opens only where request logging is off.
  if (['warn', 'error', 'fatal', 'silent'].includes(fastify.log.level)) door.open(app.get(ReadCache), { cors: config.corsOrigins.length > 0 });
  return app;
}
