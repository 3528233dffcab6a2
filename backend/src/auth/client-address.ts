import { isIP } from 'node:net';

/**
 * The client's address as Fastify resolved it: the socket's, unless TRUST_PROXY names the peer as
 * a proxy (then the nearest address its X-Forwarded-For names). Whatever a header holds, the
 * result is a valid IP address (IPv4-mapped IPv6 written as IPv4), at most 45 characters.
 */
export function clientAddress(request: { ip?: string; socket?: { remoteAddress?: string } }): string {
  for (const candidate of [request.ip, request.socket?.remoteAddress]) {
    const address = candidate?.replace(/%.*$/, '');
    if (address && isIP(address)) return normalise(address);
  }
  return '0.0.0.0';
}

function normalise(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1] : address.toLowerCase();
}

/** The eight 16-bit groups of an IPv6 address. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const zeros = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}

/**
 * What sign-in throttling counts by: an IPv4 address as is, an IPv6 address by its /64 network,
 * because one subscriber usually holds a whole /64 and could otherwise rotate through it.
 */
export function throttleKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const groups = ipv6Groups(address).slice(0, 4);
  return `${groups.map((g) => g.toString(16)).join(':')}::/64`;
}
