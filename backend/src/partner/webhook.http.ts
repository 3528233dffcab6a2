import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { lookup as resolveAll } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

export const WEBHOOK_URL_MESSAGES = {
  invalid: 'La URL del webhook debe ser una URL absoluta http:// o https://.',
  https: 'La URL del webhook debe usar https.',
  credentials: 'La URL del webhook no puede llevar usuario ni contraseña.',
  private: 'La URL del webhook no puede apuntar a una dirección privada, local o de enlace local.',
  unresolved: 'No se pudo resolver el dominio de la URL del webhook.',
} as const;

/** Where a webhook must never go (SSRF): private, loopback, link-local (cloud metadata), shared, reserved, multicast. */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return BLOCKED.check(mapped[1]!, 'ipv4');
  return family === 6 ? BLOCKED.check(address, 'ipv6') : true;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Why a subscription's URL is refused (a message for 422), or null. Without `allowPrivate`
 * (production) it must be https and its host must not be, nor resolve to, an internal address;
 * the same is checked again at each delivery, on the address actually connected to.
 */
export async function webhookUrlProblem(raw: string, allowPrivate: boolean): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return WEBHOOK_URL_MESSAGES.invalid;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return WEBHOOK_URL_MESSAGES.invalid;
  if (url.username || url.password) return WEBHOOK_URL_MESSAGES.credentials;
  if (allowPrivate) return null;
  if (url.protocol !== 'https:') return WEBHOOK_URL_MESSAGES.https;
  const host = hostOf(url).toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return WEBHOOK_URL_MESSAGES.private;
  if (isIP(host)) return isPrivateAddress(host) ? WEBHOOK_URL_MESSAGES.private : null;
  try {
    const addresses = await resolveAll(host, { all: true });
    return addresses.some((a) => isPrivateAddress(a.address)) ? WEBHOOK_URL_MESSAGES.private : null;
  } catch {
    return WEBHOOK_URL_MESSAGES.unresolved;
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that refuses internal addresses: the check is on the address the socket then uses (no DNS rebinding). */
function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((a) => isPrivateAddress(a.address));
    if (refused) return callback(Object.assign(new Error(`Dirección privada rechazada: ${refused.address}`), { code: 'EPRIVATE' }), []);
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

export interface PostOptions {
  timeoutMs: number;
  signal: AbortSignal;
  allowPrivate: boolean;
}

/**
 * POSTs the body and answers the response's status code (the response body is read and
 * discarded). Redirects are not followed. Rejects on a network error, a refused address or
 * after `timeoutMs` without an answer.
 */
export function postWebhook(rawUrl: string, body: string, headers: Record<string, string>, options: PostOptions): Promise<number> {
  const url = new URL(rawUrl);
  if (!options.allowPrivate && isIP(hostOf(url)) && isPrivateAddress(hostOf(url))) {
    return Promise.reject(new Error(`Dirección privada rechazada: ${hostOf(url)}`));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<number>((resolve, reject) => {
    const request = client.request(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) },
      lookup: options.allowPrivate ? undefined : guardedLookup,
      signal: options.signal,
    });
    const timer = setTimeout(() => request.destroy(new Error(`Sin respuesta en ${options.timeoutMs} ms`)), options.timeoutMs);
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => {
        clearTimeout(timer);
        resolve(response.statusCode ?? 0);
      });
      response.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}
