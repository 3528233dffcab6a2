import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { type WebSocket, WebSocketServer } from 'ws';
import { toErrorBody } from '../errors/error.filter.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { InvalidRequestError, NotFoundError, ServiceUnavailableError, TooManyRequestsError } from '../errors/errors.js';
import { SessionService } from '../identity/session.service.js';
import { type AuthorizedConnection, HubAccess } from './hub-access.js';
import { HubConnection } from './hub-connection.js';
import { HubConnections } from './hub-connections.js';
import { MessageType, MAX_RECORD_LENGTH } from './signalr-protocol.js';
import { SESSION_HUB_METHODS, SESSION_HUB_PATH } from './session-hub.js';

const SWEEP_INTERVAL_MS = 1_000;
/** On shutdown, how long clients get to answer the close before their sockets are cut. */
const SHUTDOWN_GRACE_MS = 2_000;

/** The parsed URL when it addresses the hub, else undefined. */
function hubUrl(url: string | undefined): URL | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url ?? '/', 'http://hub.invalid');
  } catch {
    return undefined;
  }
  const path = parsed.pathname.replace(/\/+$/, '').toLowerCase();
  return path === SESSION_HUB_PATH ? parsed : undefined;
}

/**
 * The WebSocket side of the session hub, on the Fastify server's `upgrade` event (the plain GET
 * of the same path is a Nest route, see HubController). Authorises the upgrade, runs one
 * HubConnection per socket, sweeps keep-alives and timeouts, and closes every socket on shutdown.
 */
@Injectable()
export class HubServer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Hub');
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_RECORD_LENGTH * 4, perMessageDeflate: false });
  private readonly sockets = new Set<WebSocket>();
  private server?: Server;
  private sweep?: NodeJS.Timeout;
  private closing = false;
  /** Connections of each session authorised here and not yet accepted: they count against the cap. */
  private readonly opening = new Map<string, number>();
  /** Deletions of closed connections' rows still running (awaited on shutdown). */
  private readonly closingRows = new Set<Promise<void>>();

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly access: HubAccess,
    private readonly connections: HubConnections,
    private readonly sessions: SessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.server = this.adapterHost.httpAdapter.getHttpServer() as Server;
    this.server.on('upgrade', this.onUpgrade);
    this.sweep = setInterval(() => {
      const now = Date.now();
      for (const connection of this.connections.all()) connection.tick(now);
    }, SWEEP_INTERVAL_MS).unref();
  }

  /** Runs before the HTTP server closes, which would otherwise wait for every WebSocket to end. */
  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    clearInterval(this.sweep);
    this.server?.off('upgrade', this.onUpgrade);
    for (const connection of this.connections.all()) connection.close({ type: MessageType.Close, allowReconnect: true }, 1001, 'server shutting down');
    const deadline = Date.now() + SHUTDOWN_GRACE_MS;
    while (this.sockets.size && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    for (const socket of this.sockets) socket.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    await Promise.allSettled([...this.closingRows]);
  }

  private readonly onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = hubUrl(request.url);
    if (!url) {
      // Another upgrade listener may own that path; alone, answer like any unknown route.
      if (this.server && this.server.listenerCount('upgrade') === 1) this.refuse(socket, new NotFoundError());
      return;
    }
    // A socket error while the upgrade is being authorised must not crash the process.
    const ignore = () => socket.destroy();
    socket.on('error', ignore);
    void this.authorize(request, url)
      .then(
        (authorized) => {
          socket.off('error', ignore);
          let accepted = false;
          try {
            // ws completes (or refuses) the upgrade synchronously, so the place is taken or freed here.
            if (!socket.destroyed) this.wss.handleUpgrade(request, socket, head, (ws) => (accepted = this.accept(ws, authorized)));
          } finally {
            this.release(authorized.sessionId);
            if (!accepted) this.forgetRow(authorized.connectionId);
          }
        },
        (error: unknown) => {
          socket.off('error', ignore);
          this.refuse(socket, error);
        },
      )
      .catch((error: unknown) => {
        this.logger.error({ err: error }, 'Hub upgrade failed');
        socket.destroy();
      });
  };

  private async authorize(request: IncomingMessage, url: URL): Promise<AuthorizedConnection> {
    if (this.closing) throw new ServiceUnavailableError('El servidor se está deteniendo');
    if (request.headers.upgrade?.toLowerCase() !== 'websocket') {
      throw new InvalidRequestError([{ field: 'header.upgrade', description: 'solo se admite websocket' }]);
    }
    const authorized = await this.access.authorize(url.searchParams, request.headers);
    const { connectionId, sessionId } = authorized;
    if (this.connections.has(connectionId)) {
      throw new InvalidRequestError([{ field: 'query.id', description: 'la conexión ya está abierta; negocia una nueva' }]);
    }
    // Checked and taken in one synchronous step, so concurrent upgrades cannot pass the cap together.
    const open = this.connections.ofSession(sessionId).length + (this.opening.get(sessionId) ?? 0);
    if (open >= this.config.hubMaxConnectionsPerSession) {
      throw new TooManyRequestsError('Esta sesión tiene demasiadas conexiones abiertas. Cierra otras ventanas e intenta de nuevo.', 30);
    }
    this.opening.set(sessionId, (this.opening.get(sessionId) ?? 0) + 1);
    let recorded: boolean;
    try {
      // Recorded before the 101, so validatesession finds it as soon as the client knows its id.
      recorded = await this.sessions.openConnection(sessionId, connectionId);
    } catch (error) {
      this.release(sessionId);
      throw error;
    }
    if (!recorded) {
      this.release(sessionId);
      throw new InvalidRequestError([{ field: 'query.id', description: 'la conexión ya está abierta; negocia una nueva' }]);
    }
    return authorized;
  }

  private release(sessionId: string): void {
    const count = (this.opening.get(sessionId) ?? 1) - 1;
    if (count > 0) this.opening.set(sessionId, count);
    else this.opening.delete(sessionId);
  }

  /** Deletes the row of a connection that closed or never opened. */
  private forgetRow(connectionId: string): void {
    const deletion = this.sessions
      .closeConnection(connectionId)
      .catch((error: unknown) => this.logger.warn(`Could not delete hub connection ${connectionId}: ${(error as Error).message}`))
      .finally(() => this.closingRows.delete(deletion));
    this.closingRows.add(deletion);
  }

  /** Runs the accepted socket; false when the connection could not be registered. */
  private accept(ws: WebSocket, authorized: AuthorizedConnection): boolean {
    this.sockets.add(ws);
    const connection = new HubConnection(
      authorized.connectionId,
      authorized.sessionId,
      { send: (text) => ws.send(text), close: (code, reason) => ws.close(code, reason) },
      SESSION_HUB_METHODS,
    );
    // The JSON protocol is text; a Binary transfer format still carries UTF-8 JSON records.
    ws.on('message', (data) => {
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
      try {
        connection.receive(bytes.toString('utf8'));
      } catch (error) {
        this.logger.error({ err: error }, `Hub connection ${connection.id} failed`);
        connection.close({ type: MessageType.Close, error: 'An unexpected error occurred on the server.' });
      }
    });
    ws.on('close', () => {
      this.sockets.delete(ws);
      connection.closed();
      if (registered) this.forgetRow(connection.id);
    });
    ws.on('error', (error) => {
      this.logger.debug(`Connection ${connection.id}: ${error.message}`);
      ws.terminate();
    });
    const registered = this.connections.add(connection);
    if (!registered) connection.close(undefined, 1008, 'connection id already in use');
    return registered;
  }

  /** Answers a refused upgrade over plain HTTP with the API's error body. */
  private refuse(socket: Duplex, error: unknown): void {
    const correlationId = randomUUID();
    const { status: code, body } = toErrorBody(error, correlationId, this.logger);
    const json = JSON.stringify(body);
    const headers = [
      `HTTP/1.1 ${code} ${STATUS_CODES[code] ?? ''}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(json)}`,
      `x-request-id: ${correlationId}`,
      ...(code === 401 ? ['WWW-Authenticate: Bearer'] : []),
      ...(error instanceof TooManyRequestsError ? [`Retry-After: ${error.retryAfterSeconds}`] : []),
      'Connection: close',
    ];
    if (socket.destroyed) return;
    socket.once('finish', () => socket.destroy());
    socket.end(`${headers.join('\r\n')}\r\n\r\n${json}`);
  }
}
