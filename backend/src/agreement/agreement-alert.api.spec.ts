import { jest } from '@jest/globals';
import { EntityManager, MikroORM, RequestContext } from '@mikro-orm/sql';
import { ModulesContainer } from '@nestjs/core';
import { EventBus } from '../events/event-bus.js';
import { MailService } from '../mail/mail.service.js';
import { LicenceService } from '../licence/licence.service.js';
import { OutboxService } from '../outbox/outbox.service.js';
import { createApiClient, createCustomer, createLicence, createService, createServiceFeature, createUser, unique } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';
import { drainOutbox, eventually } from '../test-support/outbox.js';
import { type Receiver, startReceiver, verifiedBy } from '../test-support/webhook-receiver.js';
import { AgreementAlertMailHandler } from './agreement-alert.handler.js';
import { AgreementAlertRepository } from './agreement-alert.repository.js';
import { AgreementAlertService, sweepClock } from './agreement-alert.service.js';

const FAST = { OUTBOX_POLL_MS: '100', WEBHOOK_RETRY_BASE_MS: '300', WEBHOOK_RETRY_MAX_MS: '2000', WEBHOOK_TIMEOUT_MS: '2000' };

/** 2027-01-04 is a Monday; the sweeps run on Bogotá wall-clock instants of that week. */
const MONDAY = '2027-01-04';
const TUESDAY = '2027-01-05';
const WEDNESDAY = '2027-01-06';
const THURSDAY = '2027-01-07';
const at = (day: string, time: string) => new Date(`${day}T${time}:00-05:00`);
const BIT = { monday: 1, tuesday: 2 } as const;

interface Bag {
  agreementId: number;
  licenceId: number;
  customerId: number;
  featureCode: string;
  supervisorEmail: string;
  managerEmail: string;
  contractNumber: string;
  documentNumber: string;
}

/**
 * Consumption alerts of agreements (issue 23 item 6): a bag at or above the agreement's alert
 * percentage gives one alert and one e-mail to the supervisor and to the commercial manager at
 * the delivery time (daily or on the chosen weekdays), once per crossing, through the outbox, and
 * a signed `balance.threshold_reached` webhook to the brand's partners.
 */
describe('agreement consumption alerts (AgreementAlertService.sweep)', () => {
  const t = useTestApp(FAST);
  let serviceId: number;
  let receiver: Receiver;

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => t.app.get(MikroORM).em.fork().execute<T[]>(query, params);
  const inContext = <T>(work: () => Promise<T>) => RequestContext.create(t.app.get(MikroORM).em, work);
  /** The app's service (AgreementAlertModule), or one built on the app's providers while the module is not imported yet. */
  let alertService: AgreementAlertService | undefined;
  const service = (): AgreementAlertService => {
    if (alertService) return alertService;
    const imported = [...t.app.get(ModulesContainer).values()].some((m) => m.providers.has(AgreementAlertService));
    const em = t.app.get(EntityManager);
    let built: AgreementAlertService;
    if (imported) built = t.app.get(AgreementAlertService, { strict: false });
    else {
      const outbox = t.app.get(OutboxService);
      built = new AgreementAlertService(new AgreementAlertRepository(em), t.app.get(MailService), outbox, t.app.get(EventBus), em, t.config);
      outbox.register(new AgreementAlertMailHandler(outbox, built));
    }
    alertService = built;
    return built;
  };
  const sweep = (now: Date) => inContext(() => service().sweep(now));
  const consume = (bag: Bag, quantity: number) =>
    inContext(() => t.app.get(LicenceService).consume({ customerId: bag.customerId, serviceFeatureCode: bag.featureCode, quantity, createdBy: 'pruebas' }));
  const alertsOf = (bag: Bag) =>
    sql<{ id: number; open: boolean; used: number; total: number; threshold: number }>(
      'select id, open, used, total, threshold from agreement_alert where agreement_id = ? order by id',
      [bag.agreementId],
    );
  /** Runs the outbox until nothing is pending: the alerts' handler queues the e-mails, the mail handler delivers them. */
  const settle = async () => {
    await drainOutbox(t.app);
    await eventually('the outbox to settle', async () => {
      const [row] = await sql<{ n: string }>(`select count(*) as n from outbox_delivery where state = 'PENDING'`);
      return Number(row!.n) === 0;
    });
  };
  const mailsTo = (email: string) =>
    sql<{ id: number; subject: string; state: string; text: string; template: string }>(
      `select id, subject, state, text, template from mail_message where to_address = ? order by id`,
      [email],
    );

  /** A company's licence of 100 units of a new feature, bound to a new agreement (rows written as AgreementService would). */
  async function agreementBag(options: { percentage?: number; time?: string; frequency?: 'D' | 'S'; weekdays?: number; quantity?: number } = {}): Promise<Bag> {
    const customer = await createCustomer(t);
    const feature = await createServiceFeature(t, { serviceId });
    const licence = await createLicence(t, {
      serviceId,
      customerId: customer.id,
      features: [{ serviceFeatureId: feature.id, quantity: options.quantity ?? 100 }],
      origin: 'AGREEMENT',
    });
    const manager = await createUser(t, { role: 'SUPERADMIN' });
    const managerEmail = `${manager.username}@pruebas.example.com`.toLowerCase();
    const supervisorEmail = `${unique('supervisor-')}@cliente.example.com`;
    const contractNumber = unique('CONV-');
    const [agreement] = await sql<{ id: number }>(
      `insert into agreement (contract_number, service_id, service_description, customer_id, contract_start_date, contract_end_date,
         commercial_manager_id, payment_condition_id, supervisor, alert_percentage, alert_delivery_time, alert_frequency, alert_weekdays,
         created_by, created_at)
       values (?, ?, 'Producto de prueba', ?, '2026-01-01', '2028-12-31', ?, 1, ?::jsonb, ?, ?, ?, ?, 'pruebas', now()) returning id`,
      [
        contractNumber,
        serviceId,
        customer.id,
        manager.id,
        JSON.stringify({ firstName: 'Ana', lastName: 'Supervisora', email: supervisorEmail.toUpperCase() }),
        options.percentage ?? 90,
        options.time ?? '08:00',
        options.frequency ?? 'D',
        options.weekdays ?? 0,
      ],
    );
    await sql(
      `insert into agreement_service (agreement_id, licence_id, package_id, package_code, package_name, unlimited, total_quantity,
         validity_type, validity_period, identifier_code, created_at)
       values (?, ?, 0, 'PAQ-CONV', 'Paquete del convenio', false, ?, 'A', 1, ?, now())`,
      [agreement!.id, licence.id, options.quantity ?? 100, unique('PAQ-CONV_1A_')],
    );
    return {
      agreementId: agreement!.id,
      licenceId: licence.id,
      customerId: customer.id,
      featureCode: feature.serviceFeatureCode,
      supervisorEmail,
      managerEmail,
      contractNumber,
      documentNumber: customer.documentNumber,
    };
  }

  beforeAll(async () => {
    serviceId = (await createService(t, { appName: 'colnomina' })).id;
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());
  // Sweeps of later tests must not see the earlier tests' agreements as due.
  afterEach(() => sql(`update agreement set alert_frequency = 'S', alert_weekdays = 0`));

  it('reads the Bogotá clock: day, HH:mm and the weekday bit (bit 0 Monday … bit 6 Sunday)', () => {
    expect(sweepClock(at(MONDAY, '07:59'))).toMatchObject({ today: MONDAY, time: '07:59', weekdayBit: 1 });
    expect(sweepClock(at(MONDAY, '23:30'))).toMatchObject({ today: MONDAY, time: '23:30', weekdayBit: 1 });
    expect(sweepClock(new Date('2027-01-10T12:00:00Z'))).toMatchObject({ today: '2027-01-10', time: '07:00', weekdayBit: 64 });
  });

  it('sends one alert, one e-mail to each recipient, at the delivery time, and never repeats it until the bag is re-armed', async () => {
    const bag = await agreementBag({ time: '08:00' });
    await consume(bag, 91);

    // Before the delivery time: nothing.
    await sweep(at(MONDAY, '07:59'));
    expect(await alertsOf(bag)).toEqual([]);

    // At it: one alert for the bag, one e-mail for the supervisor and one for the manager.
    await sweep(at(MONDAY, '08:00'));
    const [alert, ...more] = await alertsOf(bag);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({ open: true, used: 91, total: 100, threshold: 90 });
    await settle();
    const delivered = async (to: string) => (await mailsTo(to)).every((m) => m.state === 'SENT');
    await eventually('the e-mails delivered', async () => (await delivered(bag.supervisorEmail)) && delivered(bag.managerEmail));
    for (const to of [bag.supervisorEmail, bag.managerEmail]) {
      const mails = await mailsTo(to);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ template: 'agreement-alert', state: 'SENT' });
      expect(mails[0]!.subject).toContain(bag.contractNumber);
      expect(mails[0]!.text).toContain(bag.featureCode);
      expect(mails[0]!.text).toContain('91% usado (91 de 100)');
    }

    // The list on the agreement: newest first, shaped as the contract's AgreementAlert.
    const listed = await inContext(() => service().listForAgreement(bag.agreementId));
    expect(listed).toEqual([
      {
        id: alert!.id,
        licenseId: bag.licenceId,
        packageCode: 'PAQ-CONV',
        serviceFeatureCode: bag.featureCode,
        threshold: 90,
        percentageUsed: 91,
        used: 91,
        total: 100,
        crossedAt: at(MONDAY, '08:00').toISOString(),
        sentAt: expect.any(String),
        recipients: [bag.supervisorEmail, bag.managerEmail].sort(),
      },
    ]);

    // A second sweep the same day, and the next day with the bag still above: nothing more.
    await sweep(at(MONDAY, '09:00'));
    await consume(bag, 2);
    await sweep(at(TUESDAY, '08:00'));
    expect(await alertsOf(bag)).toHaveLength(1);
    await settle();
    expect(await mailsTo(bag.supervisorEmail)).toHaveLength(1);

    // A new grant (adjustment) takes it below the percentage: re-armed, no alert while below.
    await inContext(() => t.app.get(LicenceService).adjust(bag.licenceId, 100, 'ampliación', 'pruebas'));
    await sweep(at(WEDNESDAY, '08:00'));
    expect((await alertsOf(bag)).map((a) => a.open)).toEqual([false]);

    // Crossing again (180 of 200) sends again.
    await consume(bag, 87);
    await sweep(at(THURSDAY, '08:00'));
    const again = await alertsOf(bag);
    expect(again.map((a) => [a.open, a.used, a.total])).toEqual([
      [false, 91, 100],
      [true, 180, 200],
    ]);
    await settle();
    expect(await mailsTo(bag.supervisorEmail)).toHaveLength(2);
    expect(await mailsTo(bag.managerEmail)).toHaveLength(2);
  });

  it('a grant that raises the total while the bag stays above the percentage is a new crossing', async () => {
    const bag = await agreementBag({ percentage: 50 });
    await consume(bag, 60);
    await sweep(at(MONDAY, '08:00'));
    await inContext(() => t.app.get(LicenceService).adjust(bag.licenceId, 10, 'ampliación', 'pruebas'));
    await sweep(at(TUESDAY, '08:00'));
    expect((await alertsOf(bag)).map((a) => [a.open, a.used, a.total])).toEqual([
      [false, 60, 100],
      [true, 60, 110],
    ]);
  });

  it('a reversal that takes the bag below the percentage re-arms it; crossing again sends again', async () => {
    const bag = await agreementBag();
    const drawn = await consume(bag, 95);
    await sweep(at(MONDAY, '08:00'));
    await inContext(() => t.app.get(LicenceService).reverse(drawn.movementId, 'pruebas'));
    await consume(bag, 50);
    await sweep(at(TUESDAY, '08:00'));
    expect((await alertsOf(bag)).map((a) => [a.open, a.used])).toEqual([[false, 95]]);
    await consume(bag, 45);
    await sweep(at(WEDNESDAY, '08:00'));
    expect((await alertsOf(bag)).map((a) => [a.open, a.used])).toEqual([
      [false, 95],
      [true, 95],
    ]);
  });

  it('sweeps an agreement once a day: a crossing after the day’s sweep waits for the next delivery day', async () => {
    const bag = await agreementBag({ percentage: 50 });
    await consume(bag, 60);
    await sweep(at(MONDAY, '08:00'));
    await inContext(() => t.app.get(LicenceService).adjust(bag.licenceId, 10, 'ampliación', 'pruebas'));
    await sweep(at(MONDAY, '15:00'));
    expect(await alertsOf(bag)).toHaveLength(1);
    await sweep(at(TUESDAY, '08:00'));
    expect(await alertsOf(bag)).toHaveLength(2);
  });

  it('a sweep that fails midway leaves nothing: the agreement is claimed again and alerted once', async () => {
    const bag = await agreementBag();
    await consume(bag, 90);
    const failing = jest.spyOn(AgreementAlertRepository.prototype, 'insertEvents').mockRejectedValueOnce(new Error('la base se cayó'));
    await expect(sweep(at(MONDAY, '08:00'))).rejects.toThrow('la base se cayó');
    failing.mockRestore();
    expect(await alertsOf(bag)).toEqual([]);
    const [agreement] = await sql<{ alert_swept_on: string | null }>('select alert_swept_on from agreement where id = ?', [bag.agreementId]);
    expect(agreement!.alert_swept_on).toBeNull();
    await sweep(at(MONDAY, '08:05'));
    await settle();
    expect(await alertsOf(bag)).toHaveLength(1);
    expect(await mailsTo(bag.supervisorEmail)).toHaveLength(1);
  });

  it('weekly on Mondays: a Tuesday sweep sends nothing, the next Monday does', async () => {
    const bag = await agreementBag({ frequency: 'S', weekdays: BIT.monday, time: '07:00' });
    await consume(bag, 95);
    await sweep(at(TUESDAY, '10:00'));
    expect(await alertsOf(bag)).toEqual([]);
    await sweep(at('2027-01-11', '07:00'));
    expect(await alertsOf(bag)).toHaveLength(1);
  });

  it('a bag below the percentage raises nothing', async () => {
    const bag = await agreementBag();
    await consume(bag, 89);
    await sweep(at(MONDAY, '12:00'));
    expect(await alertsOf(bag)).toEqual([]);
  });

  it('two concurrent sweeps (two instances) raise one alert and one e-mail per recipient', async () => {
    const bags = await Promise.all(Array.from({ length: 5 }, () => agreementBag()));
    for (const bag of bags) await consume(bag, 90);
    await Promise.all([sweep(at(MONDAY, '08:30')), sweep(at(MONDAY, '08:30')), sweep(at(MONDAY, '08:30'))]);
    // Even a sweep that finds the agreements unclaimed again (a lost day) adds nothing while the alert is open.
    await sql(`update agreement set alert_swept_on = null where id in (${bags.map((b) => b.agreementId).join(',')})`);
    await Promise.all([sweep(at(MONDAY, '08:31')), sweep(at(MONDAY, '08:31'))]);
    await settle();
    for (const bag of bags) {
      expect(await alertsOf(bag)).toHaveLength(1);
      expect(await mailsTo(bag.supervisorEmail)).toHaveLength(1);
      expect(await mailsTo(bag.managerEmail)).toHaveLength(1);
    }
  });

  it('a partner subscribed to balance.threshold_reached gets one signed delivery per alert', async () => {
    const client = await createApiClient(t, { appName: 'colnomina' });
    const admin = await t.signIn('SUPERADMIN');
    const subscribed = await t.api
      .post(`/api/v1/api-clients/${client.id}/webhooks`, admin)
      .send({ url: receiver.url, eventTypes: ['balance.threshold_reached'] });
    expect(subscribed.status).toBe(201);
    const bag = await agreementBag();
    await consume(bag, 92);
    await sweep(at(MONDAY, '08:00'));
    await sweep(at(TUESDAY, '08:00'));
    const mine = () => receiver.received.filter((r) => r.body.includes(bag.contractNumber));
    await eventually('the webhook', async () => mine().length >= 1);
    await settle();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mine()).toHaveLength(1);
    const [request] = mine();
    expect(request!.headers['webhook-event']).toBe('balance.threshold_reached');
    expect(verifiedBy(subscribed.body.secret, request!)).toBe(true);
    const [alert] = await alertsOf(bag);
    expect(JSON.parse(request!.body)).toEqual({
      id: request!.headers['webhook-id'],
      type: 'balance.threshold_reached',
      occurredAt: at(MONDAY, '08:00').toISOString(),
      data: {
        appName: 'colnomina',
        agreementId: bag.agreementId,
        contractNumber: bag.contractNumber,
        customer: { documentType: expect.any(String), documentNumber: bag.documentNumber },
        licenceId: bag.licenceId,
        packageCode: 'PAQ-CONV',
        serviceFeatureCode: bag.featureCode,
        threshold: 90,
        used: 92,
        total: 100,
        percentageUsed: 92,
        crossedAt: at(MONDAY, '08:00').toISOString(),
        alertId: alert!.id,
      },
    });
  });
});
