import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './error-body.js';
import type { ErrorDetail } from './errors.js';

/**
 * What Fastify and Node answer on their own, before any route runs (a malformed request line or
 * header, headers over the limit, a path that is not valid percent-encoding, a request arriving
 * while the server closes), answered with the one error body instead of their own.
 */

const BAD_REQUEST = 'El servidor no ha podido interpretar la solicitud.';

/** A failure of Node's HTTP parser: there is no request object, only the socket. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message, details] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'Los encabezados de la solicitud superan el tamaño máximo permitido', []]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'La solicitud no llegó completa a tiempo', []]
        : [400, 'Bad Request', BAD_REQUEST, [{ description: 'la solicitud HTTP está mal formada' }]];
  const correlationId = randomUUID();
  const body = JSON.stringify(errorBody(status, message, details as ErrorDetail[], correlationId));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `x-request-id: ${correlationId}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Fastify's router errors: a path that is not valid percent-encoding, a path parameter over 100 characters. */
export function frameworkErrors(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply): void {
  const description =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'un parámetro de la ruta supera los 100 caracteres' : 'la ruta no es una codificación URL válida';
  void reply
    .status(400)
    .header('x-request-id', request.id)
    .type('application/json; charset=utf-8')
    .send(errorBody(400, BAD_REQUEST, [{ field: 'path', description }], String(request.id)));
}

/** Answers 503 with the error body while the server closes (Fastify's own closing answer is not it). */
export function serviceUnavailableWhileClosing(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .status(503)
    .header('connection', 'close')
    .header('retry-after', '1')
    .type('application/json; charset=utf-8')
    .send(errorBody(503, 'El servicio se está reiniciando; intente de nuevo', [], String(request.id)));
}
