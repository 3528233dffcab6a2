import { nitCheckDigit } from '@licencias/common/rules';
import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/sql';
import type { OpBody, OpResponse } from '../contract/types.js';
import { Customer } from '../customer/customer.entity.js';
import { DEFAULT_DEMO_PASSWORD } from '../config/config.js';
import { DEMO_USERS, ROLES } from '../identity/identity.data.js';
import { User } from '../identity/identity.entities.js';
import { PasswordService } from '../identity/password.service.js';
import { LicenceService } from '../licence/licence.service.js';
import type { GrantInput, LicenceView } from '../licence/licence.types.js';
import { bannerPng } from '../package/demo-png.js';
import type { TestFixture } from './fixture.js';

/**
 * Factories for API tests: each creates one record with valid defaults and unique natural keys,
 * so a test states only what it is about. Users and customers are written through the ORM (the
 * API has no call that creates them); catalogue records through the API, as a superadmin, so
 * they pass the same rules as the screens' records.
 */

export type RoleCode = (typeof ROLES)[number]['code'];

let sequence = 0;
/** A text no other record of this process has: `${prefix}${n}` with n growing from 1. */
export function unique(prefix: string): string {
  sequence += 1;
  return `${prefix}${sequence}`;
}

/** A Bogotá calendar day `offset` days from today (yyyy-MM-dd). */
export function day(offset: number): string {
  return new Date(Date.now() - 5 * 3600 * 1000 + offset * 24 * 3600 * 1000).toISOString().slice(0, 10);
}

/** The password of the users factories create (the demo password, so `api.login(name)` needs none). */
export const TEST_PASSWORD = process.env.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD;

export interface CreatedUser {
  id: string;
  username: string;
  password: string;
  /** The application it signs in to. */
  appName: string;
}

/** A user of a role (customers act for a company of their own unless `customerId` is given). */
export async function createUser(
  t: TestFixture,
  over: { role?: RoleCode; username?: string; password?: string; enabled?: boolean; customerId?: number; names?: string; surnames?: string } = {},
): Promise<CreatedUser> {
  const role = over.role ?? 'SUPERADMIN';
  const app = ROLES.find((r) => r.code === role)?.app;
  if (!app) throw new Error(`createUser: unknown role ${role}`);
  const customer = role === 'CUSTOMER';
  const username = over.username ?? unique(`${role.toLowerCase()}-`);
  const password = over.password ?? TEST_PASSWORD;
  const customerId = customer ? (over.customerId ?? (await createCustomer(t)).id) : null;
  const em = t.em();
  const user = em.create(User, {
    id: crypto.randomUUID(),
    username,
    passwordHash: await t.app.get(PasswordService).hash(password),
    names: over.names ?? 'Prueba',
    surnames: over.surnames ?? role,
    email: `${username}@pruebas.example.com`,
    enabled: over.enabled ?? true,
    roleCode: role,
    apps: [app],
    customerId,
  });
  await em.flush();
  return { id: user.id, username, password, appName: customer ? 'colnomina' : 'license' };
}

/** The README's accounts (superadmin, comercial, promocode, financiero, consulta, cliente) with their names and roles. */
export async function createAccounts(t: TestFixture, usernames: string[] = DEMO_USERS.map((u) => u.username)): Promise<Record<string, CreatedUser>> {
  const accounts: Record<string, CreatedUser> = {};
  for (const username of usernames) {
    const account = DEMO_USERS.find((u) => u.username === username);
    if (!account) throw new Error(`createAccounts: no account ${username}`);
    accounts[username] = await createUser(t, { username, role: account.roleCode as RoleCode, names: account.names, surnames: account.surnames });
  }
  return accounts;
}

/** A company (person type J) with a unique NIT. */
export async function createCustomer(t: TestFixture, over: Partial<Customer> = {}): Promise<Customer> {
  const em = t.em();
  const documentNumber = over.documentNumber ?? String(800000000 + (Number(unique('')) % 99999999));
  const customer = em.create(Customer, {
    personType: 'J',
    documentTypeId: 4,
    documentNumber,
    dv: nitCheckDigit(documentNumber),
    legalName: unique('Empresa de prueba '),
    email: `${documentNumber}@empresa.example.com`,
    createdBy: 'pruebas',
    modifiedBy: 'pruebas',
    ...over,
  });
  await em.flush();
  return customer;
}

/** POSTs as a superadmin and answers the created record (201 expected). */
async function post<T>(t: TestFixture, path: string, body: object): Promise<T> {
  const res = await t.api.post(path, await t.signIn('SUPERADMIN')).send(body);
  if (res.status !== 201) throw new Error(`factory POST ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as T;
}

export type ServiceRecord = OpResponse<'createService', 201>;
export function createService(t: TestFixture, over: Partial<OpBody<'createService'>> = {}): Promise<ServiceRecord> {
  return post(t, '/api/v1/services', { serviceTypeId: 1, serviceName: unique('Servicio de prueba '), ...over });
}

export type FeatureTypeRecord = OpResponse<'createFeatureType', 201>;
export function createFeatureType(t: TestFixture, over: Partial<OpBody<'createFeatureType'>> = {}): Promise<FeatureTypeRecord> {
  return post(t, '/api/v1/feature-types', { featureTypeName: unique('Tipo de prueba '), categoryType: 'T', ...over });
}

export type ServiceFeatureRecord = OpResponse<'createServiceFeature', 201>;
/** A feature of a new service and a new feature type unless they are given. */
export async function createServiceFeature(t: TestFixture, over: Partial<OpBody<'createServiceFeature'>> = {}): Promise<ServiceFeatureRecord> {
  return post(t, '/api/v1/service-features', {
    serviceFeatureCode: unique('PRUEBA_'),
    featureDescription: 'Característica de prueba',
    ...over,
    serviceId: over.serviceId ?? (await createService(t)).id,
    featureTypeId: over.featureTypeId ?? (await createFeatureType(t)).id,
  });
}

/** A PNG offer image as the screens upload it. */
export function offerImage(bytes?: Buffer): { fileName: string; contentBase64: string } {
  return { fileName: 'oferta.png', contentBase64: (bytes ?? bannerPng('#123456', '#abcdef', true, 8, 4)).toString('base64') };
}

export type PackageBody = OpBody<'createPackage'>;
/** A valid package body (public, one service, the first channel, with an image); `serviceIds` is required. */
export function packageBody(over: Partial<PackageBody> & Pick<PackageBody, 'serviceIds'>): PackageBody {
  return {
    packageCode: unique('TST-'),
    packageName: 'Paquete de prueba',
    packageDescription: 'Paquete creado por las pruebas',
    packageTypeId: 3,
    packagePrice: 119000,
    taxIva: 19,
    validityPeriod: 1,
    validityTypeId: 'A',
    relevance: 'Media',
    publicVisibility: true,
    channelIds: [1],
    image: offerImage(),
    ...over,
  } as PackageBody;
}

export type PackageRecord = OpResponse<'createPackage', 201>;
/** A package of a new service unless `serviceIds` is given. */
export async function createPackage(t: TestFixture, over: Partial<PackageBody> = {}): Promise<PackageRecord> {
  return post(t, '/api/v1/packages', packageBody({ ...over, serviceIds: over.serviceIds ?? [(await createService(t)).id] }));
}

export type PromoCodeBody = OpBody<'createPromoCode'>;
/** A valid promotional code body (12 % on the given packages, from today for ten days). */
export function promoCodeBody(over: Partial<PromoCodeBody> = {}): PromoCodeBody {
  return {
    promotionCode: unique('PRUEBA'),
    descriptionPromotionCode: 'Descuento de prueba: 12% en paquetes',
    useQuantity: 50,
    offerTypeCode: 'PTJ',
    offerValue: 12,
    effectiveStartDate: day(0),
    expirationDate: day(10),
    typeUserId: 1,
    applyTotalPurchase: false,
    packageIds: [],
    ...over,
  } as PromoCodeBody;
}

export type PromoCodeRecord = OpResponse<'createPromoCode', 201>;
/** A promotional code on a new package unless `packageIds` or `applyTotalPurchase` is given. */
export async function createPromoCode(t: TestFixture, over: Partial<PromoCodeBody> = {}): Promise<PromoCodeRecord> {
  const packageIds = over.packageIds ?? (over.applyTotalPurchase ? [] : [(await createPackage(t)).id]);
  return post(t, '/api/v1/promo-codes', promoCodeBody({ ...over, packageIds }));
}

export type ApiClientRecord = OpResponse<'createApiClient', 201>;
/** A partner API client of colnomina with both privileges unless told; the answer holds its secret. */
export function createApiClient(t: TestFixture, over: Partial<OpBody<'createApiClient'>> = {}): Promise<ApiClientRecord> {
  return post(t, '/api/v1/api-clients', {
    name: unique('Socio de prueba '),
    appName: 'colnomina',
    privileges: ['BALANCES_READ', 'CONSUMPTIONS_WRITE'],
    ...over,
  });
}

/** What a licence factory grants: any field of GrantInput, and the features as code → quantity (null = unlimited). */
export type LicenceOver = Partial<Omit<GrantInput, 'features'>> & { features?: GrantInput['features']; quantity?: number | null };

/**
 * A licence granted through LicenceService (MANUAL origin, a unique reference, valid from an hour
 * ago for a year). Without `features` it holds `quantity` (default 100) of one new feature of a
 * new service; without `customerId` it belongs to a new company.
 */
export async function createLicence(t: TestFixture, over: LicenceOver = {}): Promise<LicenceView> {
  const { quantity = 100, ...grant } = over;
  let serviceId = grant.serviceId;
  let features = grant.features;
  if (!features && !grant.packageId) {
    const feature = await createServiceFeature(t, serviceId ? { serviceId } : {});
    serviceId = feature.serviceId;
    features = [{ serviceFeatureId: feature.id, quantity }];
  }
  if (serviceId === undefined) throw new Error('createLicence: give serviceId with packageId or features');
  const now = Date.now();
  const customerId = grant.customerId ?? (await createCustomer(t)).id;
  const orm = t.app.get(MikroORM);
  return RequestContext.create(orm.em, () =>
    t.app.get(LicenceService).grant({
      origin: 'MANUAL',
      originReference: unique('prueba-'),
      effectiveAt: new Date(now - 3600_000),
      expiresAt: new Date(now + 365 * 24 * 3600_000),
      createdBy: 'pruebas',
      ...grant,
      customerId,
      serviceId,
      features,
    }),
  );
}

/** A bearer token of a new API client (client-credentials grant), with the client it belongs to. */
export async function partnerToken(t: TestFixture, over: Partial<OpBody<'createApiClient'>> = {}): Promise<{ token: string; client: ApiClientRecord }> {
  const client = await createApiClient(t, over);
  const res = await t.api
    .post('/api/v1/oauth/token')
    .send({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret });
  if (res.status !== 200) throw new Error(`token for ${client.clientId} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { token: res.body.access_token as string, client };
}

/** What `createOrder` wrote: the order's id and reference. */
export interface CreatedOrder {
  id: number;
  referenceUuid: string;
}

/**
 * A purchase order written directly (registering one through checkout is the orders spec's
 * business), with two lines and every stored figure, worked by hand: line 1 is 2 × 100.000 with
 * a 20.000 discount (IVA 34.200), line 2 is 1 × 100.000 (IVA 19.000); subtotal 300.000, discounts
 * 20.000, IVA 53.200, retefuente 9.800, reteIVA 7.980, reteICA 2.900, total 312.520. Cash,
 * awaiting its proof, unless `state` and `paymentMethod` say otherwise. The billing company is
 * `billing` (document type 4, NIT) when given.
 */
export async function createOrder(
  t: TestFixture,
  over: {
    serviceId: number;
    packageIds: [number, number];
    appName?: string;
    state?: string;
    paymentMethod?: string;
    buyerCustomerId?: number | null;
    billing?: { documentTypeId: number; documentNumber: string };
  },
): Promise<CreatedOrder> {
  const em = t.em();
  const referenceUuid = crypto.randomUUID();
  const billing = JSON.stringify({ personType: 'J', ...(over.billing ?? { documentTypeId: 4, documentNumber: '900000001' }), email: 'compras@example.com' });
  const [order] = await em.execute<{ id: number }[]>(
    `insert into purchase_order (reference_uuid, app_name, service_id, state, payment_method, customer_billing, customer_service, buyer_email, buyer_customer_id,
       sub_total, total_discount, tax_iva, tax_rete_iva, tax_rete_ica, tax_rete_fuente, total, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, 'compras@example.com', ?, 300000, 20000, 53200, 7980, 2900, 9800, 312520, now(), now()) returning id`,
    [
      referenceUuid,
      over.appName ?? 'colnomina',
      over.serviceId,
      over.state ?? 'AWAITING_CASH_PROOF',
      over.paymentMethod ?? 'EFECTIVO',
      billing,
      billing,
      over.buyerCustomerId ?? null,
    ],
  );
  const id = Number(order?.id);
  const line = `insert into purchase_order_line (purchase_order_id, package_id, package_code, package_name, package_type_id, quantity, employee, price, iva_rate,
      unit_price, gross, offer_discount, promo_discount, discount, new_base, iva_value, total, snapshot)
    values (?, ?, ?, ?, ?, ?, false, 119000, 19, 100000, ?, 0, ?, ?, ?, ?, ?, '{}'::jsonb)`;
  await em.execute(line, [id, over.packageIds[0], 'PLAN-BASE', 'Plan Base Anual', 1, 2, 200000, 20000, 20000, 180000, 34200, 214200]);
  await em.execute(line, [id, over.packageIds[1], 'USUARIOS-ADIC', 'Usuarios adicionales', 3, 1, 100000, 0, 0, 100000, 19000, 119000]);
  return { id, referenceUuid };
}
