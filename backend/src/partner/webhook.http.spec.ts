import { loadConfig } from '../config/config.js';
import { startReceiver } from '../test-support/webhook-receiver.js';
import { isPrivateAddress, postWebhook, WEBHOOK_URL_MESSAGES, webhookUrlProblem } from './webhook.http.js';
import { openSecret, sealSecret } from './webhook.secret.js';

/** SSRF care (issue 13 item 7): in production a webhook never reaches an internal address. */
describe('webhook URLs', () => {
  it('knows private, loopback, link-local and reserved addresses, IPv4 and IPv6', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
    ])
      expect([address, isPrivateAddress(address)]).toEqual([address, true]);
    for (const address of ['8.8.8.8', '190.85.1.1', '2800:3f0:4005::200e']) expect([address, isPrivateAddress(address)]).toEqual([address, false]);
  });

  it('refuses, without private URLs allowed (production), http, internal hosts and credentials', async () => {
    const refused: [string, string][] = [
      ['http://example.com/hook', WEBHOOK_URL_MESSAGES.https],
      ['https://127.0.0.1/hook', WEBHOOK_URL_MESSAGES.private],
      ['https://localhost:8443/hook', WEBHOOK_URL_MESSAGES.private],
      ['https://api.localhost/hook', WEBHOOK_URL_MESSAGES.private],
      ['https://10.0.0.5/hook', WEBHOOK_URL_MESSAGES.private],
      ['https://169.254.169.254/latest/meta-data', WEBHOOK_URL_MESSAGES.private],
      ['https://[::1]/hook', WEBHOOK_URL_MESSAGES.private],
      ['https://[::ffff:127.0.0.1]/hook', WEBHOOK_URL_MESSAGES.private],
      ['https://u:p@example.com/hook', WEBHOOK_URL_MESSAGES.credentials],
      ['gopher://example.com/', WEBHOOK_URL_MESSAGES.invalid],
      ['/relative', WEBHOOK_URL_MESSAGES.invalid],
    ];
    for (const [url, message] of refused) expect([url, await webhookUrlProblem(url, false)]).toEqual([url, message]);
    expect(await webhookUrlProblem('https://8.8.8.8/hook', false)).toBeNull();
    // Development and tests allow a local receiver.
    expect(await webhookUrlProblem('http://127.0.0.1:4000/hook', true)).toBeNull();
  });

  it('refuses at delivery a host that resolves to an internal address (checked on the address connected to)', async () => {
    const receiver = await startReceiver();
    try {
      const port = new URL(receiver.url).port;
      const options = { timeoutMs: 2000, signal: new AbortController().signal };
      await expect(postWebhook(`http://localhost:${port}/hooks`, '{}', {}, { ...options, allowPrivate: false })).rejects.toThrow(
        /^Dirección privada rechazada: (127\.0\.0\.1|::1)$/,
      );
      await expect(postWebhook(`http://127.0.0.1:${port}/hooks`, '{}', {}, { ...options, allowPrivate: false })).rejects.toThrow(
        'Dirección privada rechazada: 127.0.0.1',
      );
      expect(receiver.received).toHaveLength(0);
      expect(await postWebhook(`http://127.0.0.1:${port}/hooks`, '{}', {}, { ...options, allowPrivate: true })).toBe(200);
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('allows private URLs by default in development and tests, never in production', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).webhooks.allowPrivateUrls).toBe(true);
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), EPAYCO_P_KEY: 'clave-de-produccion' };
    expect(loadConfig(production).webhooks.allowPrivateUrls).toBe(false);
    expect(() => loadConfig({ ...production, WEBHOOK_ALLOW_PRIVATE_URLS: 'true' })).toThrow('WEBHOOK_ALLOW_PRIVATE_URLS cannot be enabled in production');
  });
});

describe('webhook secrets at rest', () => {
  it('are sealed with AES-256-GCM: readable with the key, refused with another or when altered', () => {
    const key = Buffer.alloc(32, 7);
    const sealed = sealSecret(key, 'whsec_abc');
    expect(sealed).not.toContain('abc');
    expect(openSecret(key, sealed)).toBe('whsec_abc');
    expect(() => openSecret(Buffer.alloc(32, 8), sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('whsec_abd').toString('base64url');
    expect(() => openSecret(key, parts.join('.'))).toThrow();
  });
});
