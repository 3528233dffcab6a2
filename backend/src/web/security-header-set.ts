/**
 * The security headers of every answer, computed once at start (helmet rebuilt its policy on each
 * request). Scripts come only from this origin: the server injects none into pages (the brand's
 * title and favicon are markup), so no 'unsafe-inline', hash or nonce is needed for scripts;
 * styles keep 'unsafe-inline' because MUI (emotion) writes its styles at run time. `connect-src
 * 'self'` covers the API and the hub's ws:/wss: on the same host (CSP 3).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "img-src 'self' data: blob: https:",
  "connect-src 'self'",
  "frame-src 'self' https:",
  "object-src 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
  'upgrade-insecure-requests',
].join('; ');

/** Browser features the apps never use are refused to them and to anything they embed. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'interest-cohort=()',
].join(', ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'permissions-policy': PERMISSIONS_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/** The same headers as a flat name/value list, for answers written with their header lines made once (ReadCache). */
export const SECURITY_HEADER_LINES: readonly string[] = Object.freeze(Object.entries(SECURITY_HEADERS).flat());
