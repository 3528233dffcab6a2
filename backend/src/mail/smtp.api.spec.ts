import type { AddressInfo } from 'node:net';
import { type EntityManager, MikroORM } from '@mikro-orm/sql';
import { SMTPServer } from 'smtp-server';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { eventually } from '../test-support/outbox.js';
import { MailService } from './mail.service.js';
import { mailTemplates } from './mail.types.js';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/**
 * The SMTP adapter against a real SMTP listener (the smtp-server package) started here: the
 * message leaves through nodemailer with the brand's HTML, text and inline logo, the row is marked
 * SENT and its bodies dropped; a server refusing an attempt gets it again later, once.
 */
describe('mail over SMTP', () => {
  const received: Received[] = [];
  let refuseNext = 0;
  let server: SMTPServer;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        if (refuseNext > 0) {
          refuseNext--;
          return callback(Object.assign(new Error('Buzón ocupado, reintente'), { responseCode: 451 }));
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    t = await startTestApp({
      DEMO_DATA: 'false',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Tienda de licencias <no-reply@tienda.example>',
      OUTBOX_RETRY_BASE_MS: '200',
      OUTBOX_POLL_MS: '200',
      BOOTSTRAP_ADMIN_USER: 'raiz',
      BOOTSTRAP_ADMIN_PASSWORD: 'una-clave-bastante-larga',
    });
    admin = (await t.api.login('raiz', 'una-clave-bastante-larga')).token;
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const send = (to: string, dedupeKey: string) =>
    t.app
      .get(MikroORM)
      .em.fork()
      .transactional((tx: EntityManager) =>
        t.app.get(MailService).send(tx, {
          appName: 'firmaya',
          to,
          ...mailTemplates.trialLink('FirmaYa', { url: 'https://firmaya.example/activar/abc', validMinutes: 60 }),
          dedupeKey,
        }),
      );
  const row = async (id: number) => {
    const [r] = await t.app
      .get(MikroORM)
      .em.fork()
      .execute<{ state: string; transport: string; html: string | null; text: string | null; provider_id: string | null }[]>(
        'select state, transport, html, text, provider_id from mail_message where id = ?',
        [id],
      );
    return r!;
  };

  it('delivers through the SMTP server with the sender, the brand HTML, the text and the inline logo', async () => {
    const id = (await send('Comprador@Empresa.com', 'trial:1'))!;
    await eventually('the message at the SMTP server', async () => received.some((m) => m.to.includes('comprador@empresa.com')), 30_000);
    const message = received.find((m) => m.to.includes('comprador@empresa.com'))!;
    expect(message.from).toBe('no-reply@tienda.example');
    expect(message.data).toMatch(/^From: Tienda de licencias <no-reply@tienda\.example>$/m);
    expect(message.data).toMatch(/^To: comprador@empresa\.com$/m);
    expect(message.data).toMatch(/^Subject: Activa tu prueba gratis de FirmaYa$/m);
    expect(message.data).toMatch(/^Content-Type: text\/plain/m);
    expect(message.data).toMatch(/^Content-Type: text\/html/m);
    expect(message.data).toMatch(/^Content-Type: image\/svg\+xml/m);
    expect(message.data).toMatch(/^Content-ID: <brand-logo@licencias>$/m);
    expect(message.data).toContain('https://firmaya.example/activar/abc');
    await eventually('the row marked sent', async () => (await row(id)).state === 'SENT', 10_000);
    // Sent through SMTP: the log keeps who, what and when, not the bodies (links and codes).
    expect(await row(id)).toEqual({
      state: 'SENT',
      transport: 'smtp',
      html: null,
      text: null,
      provider_id: expect.stringMatching(/^<mail-\d+\.\d+@licencias>$/),
    });
  });

  it('retries when the server refuses for a while, and delivers once', async () => {
    refuseNext = 2;
    const id = (await send('reintento@empresa.com', 'trial:2'))!;
    await eventually('the row marked sent', async () => (await row(id)).state === 'SENT', 30_000);
    expect(refuseNext).toBe(0);
    expect(received.filter((m) => m.to.includes('reintento@empresa.com'))).toHaveLength(1);
  });

  it('shows no development mailbox while SMTP delivers', async () => {
    const res = await t.api.get('/api/v1/mail-messages', admin).expect(404);
    expect(res.body.statusMessage).toBe('El buzón de desarrollo no está activo: los correos se envían por SMTP.');
  });
});
