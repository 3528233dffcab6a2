import type { LoggerService } from '@nestjs/common';
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LoggerOptions } from 'pino';
import type { AppConfig } from './config.js';

/** Query parameters that carry credentials (browsers send the hub's access token in the URL). */
const SECRET_PARAMETERS = new Set(['access_token']);
const REDACTED = '[redactado]';

/** The URL with the values of credential parameters replaced, so they never reach a log line. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const hash = url.indexOf('#', query);
  const end = hash < 0 ? url.length : hash;
  const pairs = url
    .slice(query + 1, end)
    .split('&')
    .map((pair) => {
      const key = pair.split('=', 1)[0];
      let name = key;
      try {
        name = decodeURIComponent(key.replace(/\+/g, ' '));
      } catch {
        // Undecodable keys are compared as written.
      }
      return SECRET_PARAMETERS.has(name.toLowerCase()) ? `${key}=${REDACTED}` : pair;
    });
  return `${url.slice(0, query + 1)}${pairs.join('&')}${url.slice(end)}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export function loggerOptions(config: AppConfig): LoggerOptions {
  const pretty = process.env.LOG_PRETTY === 'true' || (config.env === 'development' && process.stdout.isTTY);
  return {
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.Password', '*.RefreshToken'], censor: REDACTED },
    // Fastify's request line, with credentials in the query string redacted.
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,context', messageFormat: '{if context}[{context}] {end}{msg}' },
          },
        }
      : {}),
  };
}

/** pino's level numbers. */
const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

// Nest's start-up chatter (one line per module and route) is debug detail, not information.
const CHATTY = new Set(['RouterExplorer', 'RoutesResolver', 'InstanceLoader', 'NestFactory']);

/** Routes Nest's own log lines into the same pino logger that logs requests. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: FastifyBaseLogger) {}

  private write(requested: 'info' | 'error' | 'warn' | 'debug' | 'trace', message: unknown, params: unknown[]): void {
    const context = typeof params[params.length - 1] === 'string' ? (params[params.length - 1] as string) : undefined;
    const level = requested === 'info' && context && CHATTY.has(context) ? 'debug' : requested;
    // Nothing is built for a level that is off (most lines at warn, in production).
    if ((LEVELS[level] ?? 0) < (LEVELS[this.pino.level] ?? 0)) return;
    if (message && typeof message === 'object') {
      const { msg, ...rest } = message as Record<string, unknown> & { msg?: string };
      this.pino[level]({ context, ...rest }, msg ?? (typeof params[0] === 'string' && params.length > 1 ? (params[0] as string) : ''));
    } else {
      const stack = level === 'error' && params.length > 1 && typeof params[0] === 'string' ? params[0] : undefined;
      this.pino[level]({ context, ...(stack ? { stack } : {}) }, String(message));
    }
  }

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
}

type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger whose pino child (which serializes its bindings and applies the redaction
 * paths when made) is made on the first line written at a level in force: at `warn` in production
 * Fastify's per-request `info` lines write nothing, so most requests never need one.
 */
class LazyRequestLogger {
  private made?: FastifyBaseLogger;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  isLevelEnabled(level: string): boolean {
    return (LEVELS[level] ?? 0) >= (LEVELS[this.level] ?? 0);
  }

  write(level: LevelName, args: unknown[]): void {
    if (this.isLevelEnabled(level)) (this.real[level] as (...a: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/** Fastify's childLoggerFactory: each request gets a LazyRequestLogger. */
export const lazyRequestLogger = (logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger =>
  new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
