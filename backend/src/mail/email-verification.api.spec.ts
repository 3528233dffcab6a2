import { MikroORM } from '@mikro-orm/sql';
import { useTestApp } from '../test-support/fixture.js';
import { EmailVerificationService } from './email-verification.service.js';

const CHECK = '/license/api/purchaseorderlicense/checkisvalidemail';
const VALIDATE = '/license/api/purchaseorderlicense/validationmailcode';

/**
 * E-mail verification of the purchase form (issue 12 item 5, store §4 and §5): every status and
 * message of checkisvalidemail and validationmailcode, the code read from the development mailbox.
 */
describe('buyer e-mail verification', () => {
  // Each test calls from its own address (X-Forwarded-For from the trusted loopback proxy).
  const t = useTestApp({ TRUST_PROXY: 'loopback' });
  let admin: string;
  let address = 0;
  let from = '';
  beforeAll(async () => {
    admin = await t.signIn('SUPERADMIN');
  });
  beforeEach(() => {
    from = `198.51.100.${++address}`;
  });

  const check = (email: string, appName = 'colnomina', resend?: boolean) => {
    const req = t.api.get(CHECK).set('pEmail', email).set('pAppName', appName).set('X-Forwarded-For', from);
    return resend === undefined ? req : req.set('pResendEmail', String(resend));
  };
  const validate = (email: string, code: string, appName = 'colnomina') => t.api.post(VALIDATE).set('X-Forwarded-For', from).send({ email, code, appName });
  const sql = (query: string, params: unknown[] = []) => t.app.get(MikroORM).em.fork().execute(query, params);

  /** The code of the newest verification message to `email`, read from the mailbox API. */
  async function codeSentTo(email: string): Promise<string> {
    const filter = encodeURIComponent(JSON.stringify({ to: email.toLowerCase(), template: 'email-verification' }));
    const [newest] = (await t.api.get(`/api/v1/mail-messages?filter=${filter}`, admin).expect(200)).body as { id: number }[];
    const detail = (await t.api.get(`/api/v1/mail-messages/${newest!.id}`, admin).expect(200)).body as { code: string; subject: string; text: string };
    expect(detail.code).toMatch(/^\d{6}$/);
    expect(detail.subject.startsWith(`${detail.code} es tu código de verificación de `)).toBe(true);
    return detail.code;
  }
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('sends a 6-digit code to an e-mail not verified yet; the right code approves it for that brand', async () => {
    const email = 'Compras.Uno@Empresa-Verifica.com';
    const first = await check(email).expect(200);
    expect(first.body.statusMessage).toBe('Enviamos un código de verificación a tu correo electrónico.');
    expect(first.body.result).toEqual({ approvalMail: false, codeSent: true, expiresAt: expect.any(String), resendAfterSeconds: 60 });
    const expires = new Date(first.body.result.expiresAt as string).getTime() - Date.now();
    expect(expires).toBeGreaterThan(9 * 60_000);
    expect(expires).toBeLessThanOrEqual(10 * 60_000 + 5000);

    const code = await codeSentTo(email);
    const ok = await validate(email, code).expect(200);
    expect(ok.body).toEqual(expect.objectContaining({ statusMessage: '¡Verificación Exitosa!', result: { approved: true } }));

    const again = await check(email.toUpperCase()).expect(200);
    expect(again.body.statusMessage).toBe('El correo electrónico ya está verificado.');
    expect(again.body.result).toEqual({ approvalMail: true, codeSent: false, expiresAt: null, resendAfterSeconds: 0 });
    const service = t.app.get(EmailVerificationService);
    expect(await service.isVerified(' compras.uno@empresa-verifica.com ', 'colnomina')).toBe(true);
    // Verified for colnomina only: firmaya asks again.
    expect(await service.isVerified(email, 'firmaya')).toBe(false);
    expect((await check(email, 'firmaya').expect(200)).body.result.approvalMail).toBe(false);
  });

  it('does not send another code while one is valid, unless a resend is asked (after 60 seconds)', async () => {
    const email = 'reenvio@empresa-verifica.com';
    await check(email).expect(200);
    const code = await codeSentTo(email);
    const same = await check(email, 'colnomina', false).expect(200);
    expect(same.body.statusMessage).toBe('Ya enviamos un código a tu correo electrónico; revísalo o solicita uno nuevo.');
    expect(same.body.result).toEqual({ approvalMail: false, codeSent: false, expiresAt: expect.any(String), resendAfterSeconds: expect.any(Number) });
    expect(same.body.result.resendAfterSeconds).toBeGreaterThan(50);

    const early = await check(email, 'colnomina', true).expect(429);
    expect(early.body.statusMessage).toMatch(/^Espera \d+ segundos para solicitar un nuevo código\.$/);
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(50);

    await sql(`update email_code_send set sent_at = sent_at - interval '61 seconds' where email = ?`, [email]);
    const resent = await check(email, 'colnomina', true).expect(200);
    expect(resent.body.result.codeSent).toBe(true);
    const newCode = await codeSentTo(email);
    // The previous code no longer works (a resend replaces it).
    if (newCode !== code) {
      const old = await validate(email, code).expect(422);
      expect(old.body.statusMessage).toBe('El código ingresado no es correcto. Te quedan 4 intentos.');
    }
    await validate(email, newCode).expect(200);
  });

  it("answers 'Ingresa un código numérico de 6 caracteres.' for a malformed code", async () => {
    for (const code of ['12345', '1234567', 'abcdef', '12 345', '']) {
      const res = await validate('formato@empresa-verifica.com', code).expect(422);
      expect(res.body.statusMessage).toBe('Ingresa un código numérico de 6 caracteres.');
      expect(res.body.statusDetails).toEqual([{ field: 'body.code', description: 'Ingresa un código numérico de 6 caracteres.' }]);
      expect(res.body.result).toEqual({ approved: false });
    }
  });

  it('counts wrong codes: after 5 a new code is needed, even the right one is refused', async () => {
    const email = 'intentos@empresa-verifica.com';
    await check(email).expect(200);
    const code = await codeSentTo(email);
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) messages.push((await validate(email, wrongCode(code)).expect(422)).body.statusMessage as string);
    expect(messages).toEqual([
      'El código ingresado no es correcto. Te quedan 4 intentos.',
      'El código ingresado no es correcto. Te quedan 3 intentos.',
      'El código ingresado no es correcto. Te quedan 2 intentos.',
      'El código ingresado no es correcto. Te queda 1 intento.',
      'Superaste el número de intentos permitidos. Solicita un nuevo código.',
    ]);
    const right = await validate(email, code).expect(422);
    expect(right.body.statusMessage).toBe('Superaste el número de intentos permitidos. Solicita un nuevo código.');
    // A spent code does not hold back a new one: the check sends another without pResendEmail.
    await sql(`update email_code_send set sent_at = sent_at - interval '61 seconds' where email = ?`, [email]);
    expect((await check(email).expect(200)).body.result.codeSent).toBe(true);
    await validate(email, await codeSentTo(email)).expect(200);
  });

  it('refuses an expired code and a used one', async () => {
    const email = 'vence@empresa-verifica.com';
    await check(email).expect(200);
    const code = await codeSentTo(email);
    await sql(`update email_verification set code_expires_at = now() - interval '1 second' where email = ?`, [email]);
    expect((await validate(email, code).expect(422)).body.statusMessage).toBe('El código ha expirado. Solicita un nuevo código.');

    await sql(`update email_code_send set sent_at = sent_at - interval '61 seconds' where email = ?`, [email]);
    await check(email).expect(200);
    const fresh = await codeSentTo(email);
    await validate(email, fresh).expect(200);
    expect((await validate(email, fresh).expect(422)).body.statusMessage).toBe('No hay un código vigente para este correo. Solicita un nuevo código.');
    expect((await validate('nunca-pidio@empresa-verifica.com', '123456').expect(422)).body.statusMessage).toBe(
      'No hay un código vigente para este correo. Solicita un nuevo código.',
    );
  });

  it('stores the code hashed: the table never holds the digits', async () => {
    const email = 'hash@empresa-verifica.com';
    await check(email).expect(200);
    const code = await codeSentTo(email);
    const [row] = await sql('select code_hash from email_verification where email = ?', [email]);
    expect((row as { code_hash: string }).code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect((row as { code_hash: string }).code_hash).not.toContain(code);
  });

  it('refuses blacklisted domains and malformed e-mails, and unknown brands', async () => {
    for (const email of ['alguien@yopmail.com', 'otra@sub.mailinator.com', 'x12345@dominio.tk']) {
      const res = await check(email).expect(422);
      expect(res.body.statusMessage).toBe('El dominio de correo ingresado no es permitido.');
      expect(res.body.statusDetails).toEqual([{ field: 'header.pEmail', description: 'El dominio de correo ingresado no es permitido.' }]);
    }
    expect((await validate('alguien@yopmail.com', '123456').expect(422)).body.statusMessage).toBe('El dominio de correo ingresado no es permitido.');
    expect((await check('sin-arroba.com').expect(422)).body.statusMessage).toBe('Debe ingresar una dirección de correo válida, mínimo 10 caracteres');
    await check('valido@empresa-verifica.com', 'noexiste').expect(404);
    await check('valido@empresa-verifica.com', 'colnomina').set('pResendEmail', 'quizas').expect(400);
    await t.api.get(CHECK).set('pAppName', 'colnomina').expect(400);
    await t.api.post(VALIDATE).send({ email: 'valido@empresa-verifica.com' }).expect(400);
  });

  it('limits the codes sent to one e-mail (5 an hour) and from one address (30 an hour)', async () => {
    const email = 'limite@empresa-verifica.com';
    for (let i = 0; i < 5; i++) {
      await check(email, 'colnomina', true).expect(200);
      await sql(`update email_code_send set sent_at = sent_at - interval '61 seconds' where email = ?`, [email]);
    }
    const sixth = await check(email, 'colnomina', true).expect(429);
    expect(sixth.body.statusMessage).toMatch(/^Has solicitado demasiados códigos\. Intenta nuevamente en \d+ minutos\.$/);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(3000);
    // Another brand does not open a new allowance for the same inbox.
    await check(email, 'firmaya', true).expect(429);

    from = '203.0.113.77';
    for (let i = 0; i < 30; i++) await check(`direccion${i}@empresa-verifica.com`).expect(200);
    const over = await check('direccion30@empresa-verifica.com').expect(429);
    expect(over.body.statusMessage).toMatch(/^Has solicitado demasiados códigos/);
    // Another address still gets its code, and an e-mail already verified is answered without sending.
    from = '203.0.113.78';
    await check('direccion30@empresa-verifica.com').expect(200);
  }, 120_000);

  it('of 20 concurrent validations of one code exactly one succeeds', async () => {
    const email = 'carrera@empresa-verifica.com';
    await check(email).expect(200);
    const code = await codeSentTo(email);
    const answers = await Promise.all(Array.from({ length: 20 }, () => validate(email, code)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = answers.filter((r) => r.status === 422);
    expect(refused).toHaveLength(19);
    expect(new Set(refused.map((r) => r.body.statusMessage))).toEqual(new Set(['No hay un código vigente para este correo. Solicita un nuevo código.']));
  });

  it('counts concurrent wrong codes exactly: 10 at once leave the code spent after 5', async () => {
    const email = 'carrera-mala@empresa-verifica.com';
    await check(email).expect(200);
    const code = await codeSentTo(email);
    const answers = await Promise.all(Array.from({ length: 10 }, () => validate(email, wrongCode(code)).expect(422)));
    const messages = answers.map((r) => r.body.statusMessage as string).sort();
    expect(messages.filter((m) => m.startsWith('El código ingresado no es correcto.'))).toHaveLength(4);
    expect(messages.filter((m) => m.startsWith('Superaste'))).toHaveLength(6);
    const [row] = await sql('select failed_tries from email_verification where email = ?', [email]);
    expect((row as { failed_tries: number }).failed_tries).toBe(5);
  });

  it('takes the brand of the request host when the body names none', async () => {
    const email = 'host@empresa-verifica.com';
    await check(email, 'firmaya').expect(200);
    const filter = encodeURIComponent(JSON.stringify({ to: email, appName: 'firmaya' }));
    const [message] = (await t.api.get(`/api/v1/mail-messages?filter=${filter}`, admin).expect(200)).body as { id: number }[];
    const { code } = (await t.api.get(`/api/v1/mail-messages/${message!.id}`, admin).expect(200)).body as { code: string };
    await t.api.post(VALIDATE).set('Host', 'firmaya.localhost').send({ email, code }).expect(200);
    expect(await t.app.get(EmailVerificationService).isVerified(email, 'firmaya')).toBe(true);
  });
});
