import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The request's id: the caller's `X-Request-Id` when it is a plain token, else a new UUID. */
export const requestIdOf = (headers: IncomingHttpHeaders): string => {
  const incoming = headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
};

/** What answers at the door: a shared answer kept for this exact URL, written whole, or nothing. */
export interface DoorAnswers {
  serveAtTheDoor(request: IncomingMessage, response: ServerResponse, requestId: string): boolean;
}

/** The options of Fastify's own HTTP/1 server that a server factory must apply itself. */
interface FactoryOptions {
  http?: ServerOptions | null;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * An in-process shared cache in front of Fastify. A GET whose URL was last answered with a kept
 * public answer that varies by nothing but its coding (`Cache-Control: public`, no `Vary` beyond
 * `Accept-Encoding`, no header parameters) is answered from that answer's bytes and header lines
 * before Fastify builds a request, runs its router and hooks: exactly what a CDN in front of the
 * app may do with such an answer, without the hop. Anything else (another method, a body, an
 * `Origin` when CORS is configured, a URL not seen, an answer dropped by an invalidation or past
 * its expiry, request logging at info, a closing server) goes to Fastify as before, which prepares
 * the answer again and tells the door its URL. docs/architecture.md, Performance.
 */
export class FrontDoor {
  private answers?: DoorAnswers;
  private checkOrigin = false;

  /** Fastify's `serverFactory`: Node's HTTP server, the door first. */
  readonly serverFactory = (fastify: Handler, options: FactoryOptions): Server => {
    const server = createServer(options.http ?? {}, (request, response) => {
      if (!this.answer(request, response)) fastify(request, response);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    return server;
  };

  /** Opens the door on these answers; `cors`: an `Origin` must go through the CORS hook. */
  open(answers: DoorAnswers, options: { cors: boolean }): void {
    this.answers = answers;
    this.checkOrigin = options.cors;
  }

  /** Closes it (the server is closing: Fastify answers 503 from now on). */
  shut(): void {
    this.answers = undefined;
  }

  private answer(request: IncomingMessage, response: ServerResponse): boolean {
    const answers = this.answers;
    if (answers === undefined || request.method !== 'GET') return false;
    const headers = request.headers;
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
    if (this.checkOrigin && headers.origin !== undefined) return false;
    return answers.serveAtTheDoor(request, response, requestIdOf(headers));
  }
}
