import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';

export interface Received {
  /** The path and query it was sent to. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The body exactly as it arrived. */
  body: string;
  at: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The status each request gets (default 200): called with the requests received so far, this one included. */
  answer: (request: Received, all: Received[]) => number;
  close(): Promise<void>;
}

/** A partner's webhook endpoint on 127.0.0.1, recording every POST. */
export async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { url: '', received: [], answer: () => 200, close: async () => undefined };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      receiver.received.push(request);
      res.statusCode = receiver.answer(request, receiver.received);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  receiver.url = `http://127.0.0.1:${port}/hooks`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/**
 * What a partner does with each request (api/partners, createApiClientWebhook): recompute the
 * HMAC-SHA256 of `<Webhook-Timestamp>.<body>` with its secret and compare in constant time.
 */
export function verifiedBy(secret: string, request: Received): boolean {
  const timestamp = String(request.headers['webhook-timestamp'] ?? '');
  const given = Buffer.from(String(request.headers['webhook-signature'] ?? ''));
  const expected = Buffer.from(`v1=${createHmac('sha256', secret).update(`${timestamp}.${request.body}`).digest('hex')}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A subscription's secret sealed as the app keeps it (for tests that insert a subscription row themselves). */
export { sealSecret as sealWebhookSecret } from '../partner/webhook.secret.js';
