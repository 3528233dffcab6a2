import { type EntityManager, MikroORM } from '@mikro-orm/sql';
import { useTestApp } from '../test-support/fixture.js';
import { drainOutbox } from '../test-support/outbox.js';
import { MailService } from './mail.service.js';
import { mailTemplates } from './mail.types.js';

interface Listed {
  id: number;
  appName: string;
  to: string;
  subject: string;
  template: string;
  state: string;
  transport: string | null;
  sentAt: string | null;
}

/** MailService through the outbox into the development mailbox, and the mailbox API. */
describe('mail and the development mailbox', () => {
  const t = useTestApp({ OUTBOX_POLL_MS: '200' });
  let admin: string;
  let mail: MailService;
  beforeAll(async () => {
    admin = await t.signIn('SUPERADMIN');
    mail = t.app.get(MailService);
  });

  const send = (input: Parameters<MailService['send']>[1]) =>
    t.app
      .get(MikroORM)
      .em.fork()
      .transactional((tx: EntityManager) => mail.send(tx, input));
  const list = async (filter: object) => {
    const res = await t.api.get(`/api/v1/mail-messages?filter=${encodeURIComponent(JSON.stringify(filter))}`, admin).expect(200);
    return res.body as Listed[];
  };

  it('queues a branded message in the caller transaction and delivers it to the mailbox after commit', async () => {
    const id = await send({
      appName: 'colnomina',
      to: '  Compras@Empresa-Uno.com.co ',
      ...mailTemplates.orderPlaced('Colnómina', {
        reference: 'OC-2026-0007',
        total: '$ 1.190.000',
        paymentMethod: 'Pago en efectivo',
        summaryUrl: 'http://colnomina.localhost:3000/summaryorder/abc',
      }),
      dedupeKey: 'order-placed:7',
    });
    expect(id).toEqual(expect.any(Number));
    await drainOutbox(t.app);
    const [row] = await list({ to: 'compras@empresa-uno.com.co' });
    expect(row).toEqual(
      expect.objectContaining({
        id,
        appName: 'colnomina',
        to: 'compras@empresa-uno.com.co',
        subject: 'Recibimos tu orden de compra OC-2026-0007',
        template: 'order-placed',
        state: 'SENT',
        transport: 'mailbox',
        sentAt: expect.any(String),
      }),
    );
    const detail = (await t.api.get(`/api/v1/mail-messages/${id}`, admin).expect(200)).body as {
      html: string;
      text: string;
      links: string[];
      code: string | null;
    };
    const brand = (await t.api.get('/api/v1/brands/colnomina').expect(200)).body as { title: string; theme: { palette: { primary: string } } };
    expect(detail.html).toContain('¡Recibimos tu orden de compra!');
    expect(detail.html).toContain(brand.theme.palette.primary);
    expect(detail.html).toContain(`alt="${brand.title}"`);
    expect(detail.html).toContain('src="/api/v1/brands/colnomina/logo"');
    expect(detail.html).toContain('$ 1.190.000');
    expect(detail.text).toContain('Total: $ 1.190.000');
    expect(detail.text).toContain('Ver resumen de compra: http://colnomina.localhost:3000/summaryorder/abc');
    expect(detail.links).toContain('http://colnomina.localhost:3000/summaryorder/abc');
    expect(detail.code).toBeNull();
  });

  it('sends once per dedupe key and nothing when the transaction rolls back', async () => {
    const input = {
      appName: 'firmaya',
      to: 'una.vez@empresa-dos.com',
      ...mailTemplates.activation('FirmaYa', { appUrl: 'https://firmaya.example/app', productName: 'FirmaYa' }),
      dedupeKey: 'activation:9',
    };
    expect(await send(input)).toEqual(expect.any(Number));
    expect(await send(input)).toBeNull();
    await expect(
      t.app
        .get(MikroORM)
        .em.fork()
        .transactional(async (tx: EntityManager) => {
          await mail.send(tx, { ...input, to: 'nunca@empresa-dos.com', dedupeKey: 'activation:10' });
          throw new Error('rolled back');
        }),
    ).rejects.toThrow('rolled back');
    expect(await list({ to: 'una.vez@empresa-dos.com' })).toHaveLength(1);
    expect(await list({ to: 'nunca@empresa-dos.com' })).toHaveLength(0);
  });

  it('escapes what callers put in a message and keeps only http(s) links', async () => {
    const id = await send({
      appName: 'license',
      to: 'escape@empresa-tres.com',
      subject: 'Prueba <b>',
      template: 'test',
      content: { title: '<script>alert(1)</script>', paragraphs: ['a & b "c"'], action: { label: 'Ir', url: 'javascript:alert(1)' } },
    });
    const { html } = (await t.api.get(`/api/v1/mail-messages/${id}`, admin).expect(200)).body as { html: string };
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('a &amp; b &quot;c&quot;');
    expect(html).not.toContain('javascript:');
  });

  it('lists newest first, searches recipient and subject, and filters by brand and template', async () => {
    await send({
      appName: 'bemyself',
      to: 'busqueda@empresa-cuatro.com',
      ...mailTemplates.trialLink('BeMyself', { url: 'https://bemyself.example/t/1', validMinutes: 60 }),
    });
    await send({
      appName: 'bemyself',
      to: 'busqueda@empresa-cuatro.com',
      ...mailTemplates.paymentRejected('BeMyself', { reference: 'OC-9', reason: 'Comprobante ilegible' }),
    });
    const found = await list({ q: 'empresa-cuatro', appName: 'bemyself' });
    expect(found.map((m) => m.template)).toEqual(['payment-rejected', 'trial-link']);
    expect((await list({ q: 'RECHAZADO', appName: 'bemyself' })).map((m) => m.template)).toEqual(['payment-rejected']);
    expect((await list({ template: 'trial-link', to: 'busqueda@empresa-cuatro.com' })).map((m) => m.subject)).toEqual(['Activa tu prueba gratis de BeMyself']);
    const res = await t.api.get('/api/v1/mail-messages?range=[0,0]', admin).expect(200);
    expect(res.headers['content-range']).toMatch(/^mail-messages 0-0\/\d+$/);
  });

  it('answers 404 for a message that does not exist and refuses other roles', async () => {
    await t.api.get('/api/v1/mail-messages/999999', admin).expect(404);
    const comercial = await t.signIn('LICENSECOMERCIAL');
    await t.api.get('/api/v1/mail-messages', comercial).expect(403);
    await t.api.get('/api/v1/mail-messages').expect(401);
  });

  it('links to each brand store from PUBLIC_URL', () => {
    expect(mail.brandUrl('colnomina', '/x')).toMatch(/^http:\/\/colnomina\.localhost(:\d+)?\/x$/);
    expect(mail.brandUrl('license')).toMatch(/^http:\/\/localhost(:\d+)?\/$/);
  });
});
