import { MikroORM } from '@mikro-orm/sql';
import { bogotaToday } from '@licencias/common/dates';
import { addCalendarMonths } from '@licencias/common/rules';
import { createPackage, createService, createServiceFeature, createUser, partnerToken, unique } from '../test-support/factories.js';
import { useTestApp } from '../test-support/fixture.js';

/** A calendar day `n` days from today in Bogotá. */
function dayFrom(n: number): string {
  const d = new Date(`${bogotaToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

describe('agreements API (contract/*, /api/v1/agreements)', () => {
  const t = useTestApp();
  let admin: string;
  let managerId: string;
  let serviceId: number;
  let featureCode: string;
  let packageCode: string;
  let otherPackageCode: string;
  const start = dayFrom(-10);
  const end = addCalendarMonths(start, 12);

  beforeAll(async () => {
    admin = await t.signIn('SUPERADMIN');
    // The product's name gives its commercial-manager privilege (LICENSE_FIRMAYA_COMERCIALMANAGER, held by LICENSECOMERCIAL).
    const service = await createService(t, {
      serviceName: 'FirmaYa',
      serviceNameContract: 'Firma electrónica FirmaYa',
      appName: 'firmaya',
      isContractFullAccess: true,
    });
    serviceId = service.id;
    const feature = await createServiceFeature(t, { serviceId });
    featureCode = feature.serviceFeatureCode;
    for (const code of ['CONV_FIRMAS', 'CONV_EXTRA']) {
      const pkg = await createPackage(t, { serviceIds: [serviceId], packageCode: code });
      const current = (await t.api.get(`/api/v1/packages/${pkg.id}`, admin).expect(200)).body;
      await t.api
        .put(`/api/v1/packages/${pkg.id}/features`, admin)
        .send({ version: current.version, features: [{ serviceFeatureId: feature.id, quantity: 10 }] })
        .expect(200);
    }
    packageCode = 'CONV_FIRMAS';
    otherPackageCode = 'CONV_EXTRA';
    managerId = (await createUser(t, { role: 'LICENSECOMERCIAL', names: 'Carlos', surnames: 'Rendón' })).id;
  });

  const nit = () => String(900000000 + (Number(unique('')) % 99999999)).slice(0, 9);

  function body(over: { contractNumber?: string; services?: object[]; contract?: object; customer?: object } = {}) {
    const documentNumber = nit();
    return {
      contract: {
        contractNumber: over.contractNumber ?? unique('OP-'),
        contractStartDate: start,
        contractEndDate: end,
        commercialManagerId: managerId,
        paymentConditionId: 1,
        serviceId,
        ...over.contract,
      },
      customer: {
        personType: 'J',
        documentTypeId: 4,
        documentNumber,
        legalName: 'Transportes Águila Dorada S.A.S.',
        fulladdress: 'Carrera 7 # 71-21',
        departmentId: 11,
        cityId: 11001,
        cellphoneNumber: '3001234567',
        email: `compras${documentNumber}@aguiladorada.com.co`,
        legalDocumentTypeId: 1,
        legalDocumentNumber: '79123456',
        legalFirstName: 'Martha',
        legalLastName: 'Rincón',
        ...over.customer,
      },
      supervisor: {
        documentTypeId: 1,
        documentNumber: '52123456',
        firstName: 'Lucía',
        lastName: 'Pardo',
        email: 'lucia.pardo@aguiladorada.com.co',
        jobTitle: 'Directora de compras',
      },
      services: over.services ?? [{ packageCode, quantityToAdd: 1000, isUnlimited: false, validityType: 'M', validityPeriod: 12 }],
      alertOptions: { consumptionPercentageAlert: 80, deliveryTime: '09:00', deliveryFrequency: 'S', monday: true },
    };
  }

  const create = (b: object) => t.api.post('/api/v1/agreements', admin).send(b);

  it('saves an agreement for a new company: the customer with its DV, one AGREEMENT licence per service with its bag, all readable', async () => {
    const b = body();
    const res = await create(b).expect(201);
    const agreement = res.body;
    expect(agreement.contract.contractNumber).toBe(b.contract.contractNumber);
    expect(agreement.customer.customerName).toBe('Transportes Águila Dorada S.A.S.');
    expect(agreement.customer.dv).toMatch(/^\d$/);
    expect(agreement.commercialManager.name).toBe('Carlos Rendón');
    expect(agreement.paymentCondition.name).toBe('Contado');
    expect(agreement.contractedServices).toHaveLength(1);
    const line = agreement.contractedServices[0];
    expect(line).toMatchObject({ packageCode, totalQuantity: 1000, isUnlimited: false, identifierCode: `${packageCode}_12M`, used: 0 });
    expect(agreement.alertOptions).toMatchObject({
      consumptionPercentageAlert: 80,
      deliveryTime: '09:00',
      deliveryFrequency: 'S',
      monday: true,
      tuesday: false,
    });

    const licence = (await t.api.get(`/api/v1/licences/${line.licenseId}`, admin).expect(200)).body;
    expect(licence.origin).toBe('AGREEMENT');
    expect(licence.contractNumber).toBe(b.contract.contractNumber);
    expect(licence.balances).toEqual([expect.objectContaining({ serviceFeatureCode: featureCode, total: 1000, used: 0 })]);
    // The bag ends at the end of the Bogotá day before start + 12 months.
    expect(licence.expiresAt).toBe(new Date(`${addCalendarMonths(start, 12)}T04:59:59.999Z`).toISOString());

    const em = t.app.get(MikroORM).em.fork();
    const [grant] = await em.execute<{ kind: string; quantity: number }[]>(`select kind, quantity from licence_movement where licence_id = ?`, [
      line.licenseId,
    ]);
    expect(grant).toEqual({ kind: 'GRANT', quantity: 1000 });
  });

  it('lists with q over the contract number and the product name, without accents or case', async () => {
    const b = body({ contractNumber: unique('Oportunidad-Ñandú-') });
    await create(b).expect(201);
    const byNumber = await t.api
      .get('/api/v1/agreements', admin)
      .query({ filter: JSON.stringify({ q: b.contract.contractNumber.toUpperCase().replace('Ñ', 'N').replace('Ú', 'U') }) })
      .expect(200);
    expect(byNumber.body.map((a: { contractNumber: string }) => a.contractNumber)).toEqual([b.contract.contractNumber]);
    const byProduct = await t.api
      .get('/api/v1/agreements', admin)
      .query({ filter: JSON.stringify({ q: 'FIRMA ELECTRONICA' }), range: '[0,99]' })
      .expect(200);
    expect(byProduct.body.length).toBeGreaterThanOrEqual(2);
    expect(byProduct.headers['content-range']).toMatch(/^agreements 0-\d+\/\d+$/);
    const compat = await t.api.post('/license/api/contract/list', admin).send({ ContractNumber: b.contract.contractNumber, skip: 0, take: 100 }).expect(200);
    expect(compat.body.result.totalRecords).toBe(1);
    expect(compat.body.result.contractList[0]).toMatchObject({ contractNumber: b.contract.contractNumber, serviceDescription: 'Firma electrónica FirmaYa' });
  });

  it('refuses every §5 rule with its Spanish message (422), never a 500', async () => {
    const taken = body();
    await create(taken).expect(201);
    const cases: [object, string, string][] = [
      [
        body({ contractNumber: `  ${taken.contract.contractNumber.toLowerCase()} ` }),
        'contract.contractNumber',
        'Número de contrato ya se encuentra registrado.',
      ],
      [
        body({ contract: { contractStartDate: '1999-12-31', contractEndDate: '2000-06-01' } }),
        'contract.contractStartDate',
        'Fecha mínima permitida 01/01/2000',
      ],
      [
        body({ contract: { contractStartDate: dayFrom(40), contractEndDate: dayFrom(400) } }),
        'contract.contractStartDate',
        `Fecha máxima permitida ${dayFrom(30).split('-').reverse().join('/')}`,
      ],
      [body({ contract: { contractEndDate: start } }), 'contract.contractEndDate', `La fecha debe ser posterior a ${start.split('-').reverse().join('/')}`],
      [
        body({ contract: { contractEndDate: addCalendarMonths(start, 25) } }),
        'contract.contractEndDate',
        `La fecha no puede ser mayor a ${addCalendarMonths(start, 24).split('-').reverse().join('/')}`,
      ],
      [
        body({ contract: { commercialManagerId: '00000000-0000-4000-8000-000000000000' } }),
        'contract.commercialManagerId',
        'El gestor operativo no es gestor comercial del producto.',
      ],
      [
        body({ services: [{ packageCode, quantityToAdd: 10, validityType: 'M', validityPeriod: 13 }] }),
        'services[0].validityPeriod',
        'Ten en cuenta que la vigencia de la bolsa debe ser menor o igual a la fecha de finalización del contrato.',
      ],
      [
        body({
          services: [
            { packageCode, quantityToAdd: 10, validityType: 'M', validityPeriod: 6 },
            { packageCode, quantityToAdd: 20, validityType: 'M', validityPeriod: 6 },
          ],
        }),
        'services[1].packageCode',
        'Ya existe el producto en la lista.',
      ],
      [body({ services: [{ packageCode, quantityToAdd: 0, validityType: 'M', validityPeriod: 6 }] }), 'services[0].quantityToAdd', 'Dato inválido'],
      [
        body({ services: [{ packageCode: 'NO_EXISTE', quantityToAdd: 5, validityType: 'M', validityPeriod: 6 }] }),
        'services[0].packageCode',
        'El paquete no pertenece al producto del convenio.',
      ],
      [body({ customer: { documentNumber: '90012345' } }), 'customer.documentNumber', 'El NIT debe tener 9 dígitos.'],
      [body({ customer: { email: 'compras@yopmail.com' } }), 'customer.email', 'El dominio de correo ingresado no es permitido.'],
    ];
    for (const [b, field, message] of cases) {
      const res = await create(b);
      expect({ status: res.status, detail: res.body.statusDetails?.find((d: { field: string }) => d.field === field)?.description }).toEqual({
        status: 422,
        detail: message,
      });
    }
    const total = (await t.api.get('/api/v1/agreements', admin).query({ range: '[0,499]' }).expect(200)).body.length;
    const shape = await create({ ...body(), services: [] });
    expect(shape.status).toBe(400);
    expect((await t.api.get('/api/v1/agreements', admin).query({ range: '[0,499]' }).expect(200)).body.length).toBe(total);
  });

  it('two concurrent creations of one contract number give one agreement; the other gets the 422', async () => {
    const number = unique('CARRERA-');
    const results = await Promise.all(Array.from({ length: 6 }, () => create(body({ contractNumber: number }))));
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422, 422, 422, 422]);
    for (const r of results.filter((x) => x.status === 422)) expect(r.body.statusMessage).toBe('Número de contrato ya se encuentra registrado.');
    const em = t.app.get(MikroORM).em.fork();
    const [row] = await em.execute<{ n: string }[]>(`select count(*) as n from licence where contract_number = ?`, [number]);
    expect(Number(row!.n)).toBe(1);
  });

  it('an amendment with a ticket adds a service and adjusts another through the ledger, and the history keeps before and after', async () => {
    const saved = (await create(body()).expect(201)).body;
    const line = saved.contractedServices[0];
    const noTicket = await t.api
      .put(`/api/v1/agreements/${saved.id}/services`, admin)
      .send({ version: saved.version, ticketNumber: '', observations: '', services: [] });
    expect(noTicket.status).toBe(400);
    const badTicket = await t.api.put(`/api/v1/agreements/${saved.id}/services`, admin).send({
      version: saved.version,
      ticketNumber: 'TK-1',
      observations: ' ',
      services: [{ licenseId: line.licenseId, packageCode, quantityToAdd: 1, validityType: 'M', validityPeriod: 12 }],
    });
    expect(badTicket.status).toBe(422);
    expect(badTicket.body.statusDetails).toEqual([
      { field: 'ticketNumber', description: 'El número del ticket solo admite letras y números.' },
      { field: 'observations', description: 'Campo obligatorio' },
    ]);
    const res = await t.api
      .put(`/api/v1/agreements/${saved.id}/services`, admin)
      .send({
        version: saved.version,
        ticketNumber: 'TK20261206',
        observations: 'Adición de 500 firmas y un paquete nuevo',
        services: [
          { licenseId: line.licenseId, packageCode, quantityToAdd: 500, validityType: 'M', validityPeriod: 12 },
          { packageCode: otherPackageCode, isUnlimited: true, quantityToAdd: 0, validityType: 'M', validityPeriod: 6 },
        ],
      })
      .expect(200);
    expect(res.body.version).toBe(saved.version + 1);
    expect(res.body.contractedServices).toEqual([
      expect.objectContaining({ licenseId: line.licenseId, totalQuantity: 1500 }),
      expect.objectContaining({ packageCode: otherPackageCode, isUnlimited: true, totalQuantity: null, identifierCode: `${otherPackageCode}_6M` }),
    ]);
    const licence = (await t.api.get(`/api/v1/licences/${line.licenseId}`, admin).expect(200)).body;
    expect(licence.balances[0]).toMatchObject({ total: 1500 });
    const em = t.app.get(MikroORM).em.fork();
    const movements = await em.execute<{ kind: string; quantity: number }[]>(`select kind, quantity from licence_movement where licence_id = ? order by id`, [
      line.licenseId,
    ]);
    expect(movements).toEqual([
      { kind: 'GRANT', quantity: 1000 },
      { kind: 'ADJUSTMENT', quantity: 500 },
    ]);
    const history = (await t.api.get(`/api/v1/agreements/${saved.id}/amendments`, admin).expect(200)).body;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      step: 'UPDATE_CONTRACTEDSERVICES',
      ticketNumber: 'TK20261206',
      observations: 'Adición de 500 firmas y un paquete nuevo',
      actor: expect.any(String),
    });
    expect(history[0].before.services).toEqual([expect.objectContaining({ licenseId: line.licenseId, totalQuantity: 1000 })]);
    expect(history[0].after.services).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ licenseId: line.licenseId, totalQuantity: 1500 }),
        expect.objectContaining({ packageCode: otherPackageCode }),
      ]),
    );
  });

  it('two staff saving the same version: one wins, the other gets 409 with a clear message and nothing of theirs is written', async () => {
    const saved = (await create(body()).expect(201)).body;
    const edit = (percentage: number) =>
      t.api.put(`/api/v1/agreements/${saved.id}/alert-options`, admin).send({
        version: saved.version,
        ticketNumber: `TK${percentage}`,
        observations: 'Cambio de alerta',
        alertOptions: { consumptionPercentageAlert: percentage, deliveryTime: '07:30', deliveryFrequency: 'D' },
      });
    const [a, b] = await Promise.all([edit(70), edit(75)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.statusMessage).toBe('El convenio fue modificado por otra persona; recarga para ver sus cambios.');
    const now = (await t.api.get(`/api/v1/agreements/${saved.id}`, admin).expect(200)).body;
    expect(now.alertOptions.consumptionPercentageAlert).toBe(a.status === 200 ? 70 : 75);
    expect((await t.api.get(`/api/v1/agreements/${saved.id}/amendments`, admin).expect(200)).body).toHaveLength(1);
  });

  it('a partner consumes from the bag an agreement granted', async () => {
    const b = body();
    const saved = (await create(b).expect(201)).body;
    const { token } = await partnerToken(t, { appName: 'firmaya' });
    const res = await t.api
      .post('/api/v1/consumptions', token)
      .set('Idempotency-Key', unique('conv-'))
      .send({ documentType: 'NIT', documentNumber: b.customer.documentNumber, serviceFeatureCode: featureCode, quantity: 25 });
    expect(res.status).toBe(201);
    const read = (await t.api.get(`/api/v1/agreements/${saved.id}`, admin).expect(200)).body;
    expect(read.contractedServices[0].used).toBe(25);
  });

  it('the compatibility calls: create, search, get-contracts, modify (each step), customer and supervisor lookups, parameters', async () => {
    const b = body();
    const created = await t.api
      .post('/license/api/contract/create', admin)
      .send({
        contract: b.contract,
        customer: b.customer,
        supervisor: b.supervisor,
        servicesToAddContract: {
          servicesToAdd: [{ packageCode, quantityToAdd: 300, typeValidity: 'M', validityAmount: 6, IsUnlimited: false }],
          serviceName: 'FirmaYa',
        },
      })
      .expect(200);
    expect(created.body.statusMessage).toBe('¡Convenio guardado!');
    const id = created.body.result.contractId;
    const refused = await t.api.post('/license/api/contract/create', admin).send({
      contract: b.contract,
      customer: b.customer,
      servicesToAddContract: { servicesToAdd: [{ packageCode, quantityToAdd: 1, typeValidity: 'M', validityAmount: 6 }] },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.statusMessage).toBe('Lo sentimos, el convenio no pudo ser guardado.');
    expect(refused.body.statusDetails[0].description).toBe('Número de contrato ya se encuentra registrado.');

    const exists = await t.api.post('/license/api/contract/get-contracts', admin).send({ contractNumber: b.contract.contractNumber }).expect(200);
    expect(exists.body.result.existContract).toBe(true);
    expect(
      (await t.api.get(`/api/v1/agreement-contract-numbers/${encodeURIComponent('NUEVO-' + b.contract.contractNumber)}`, admin).expect(200)).body.exists,
    ).toBe(false);

    const found = await t.api.post('/license/api/contract/search', admin).send({ contractNumber: b.contract.contractNumber }).expect(200);
    expect(found.body.result).toMatchObject({
      contractId: id,
      userAlertOptions: { deliveryFrecuency: 'D', alertDeliveryDays: [], consumptionPercentageAlert: 90 },
    });
    await t.api.post('/license/api/contract/search', admin).send({ id: 999999 }).expect(404);

    const modified = await t.api
      .post('/license/api/contract/modify', admin)
      .send({
        ContractId: id,
        TicketId: 'T100',
        Observations: 'Alertas semanales',
        Step: 'SET_CONTRACT_NOTIFICATION',
        ContractNotification: { ConsumptionPercentageAlert: 85, NotificationDeliveryTime: '10:00', DeliveryFrequency: 'S', Friday: true },
      })
      .expect(200);
    expect(modified.body.statusMessage).toBe('¡Convenio actualizado!');
    expect(modified.body.result.userAlertOptions).toEqual({
      consumptionPercentageAlert: 85,
      deliveryTime: '10:00',
      deliveryFrecuency: 'S',
      alertDeliveryDays: ['Viernes'],
    });
    const noDay = await t.api.post('/license/api/contract/modify', admin).send({
      ContractId: id,
      TicketId: 'T101',
      Observations: 'x',
      Step: 'SET_CONTRACT_NOTIFICATION',
      ContractNotification: { ConsumptionPercentageAlert: 85, NotificationDeliveryTime: '10:00', DeliveryFrequency: 'S' },
    });
    expect(noDay.status).toBe(422);
    expect(noDay.body.statusDetails[0].description).toBe('Debes seleccionar al menos un día');
    const missingBlock = await t.api
      .post('/license/api/contract/modify', admin)
      .send({ ContractId: id, TicketId: 'T102', Observations: 'x', Step: 'UPDATE_SUPERVISOR' });
    expect(missingBlock.status).toBe(400);
    await t.api
      .post('/license/api/contract/modify', admin)
      .send({
        ContractId: id,
        TicketId: 'T103',
        Observations: 'Nuevo supervisor',
        Step: 'UPDATE_SUPERVISOR',
        Supervisor: { ...b.supervisor, documentNumber: '1020304050', firstName: 'Jorge' },
      })
      .expect(200);
    await t.api
      .post('/license/api/contract/modify', admin)
      .send({ ContractId: id, TicketId: 'T104', Observations: 'Teléfono', Step: 'UPDATE_CUSTOMER', Customer: { ...b.customer, cellphoneNumber: '3109876543' } })
      .expect(200);
    const otherCompany = await t.api
      .post('/license/api/contract/modify', admin)
      .send({ ContractId: id, TicketId: 'T106', Observations: 'Otra empresa', Step: 'UPDATE_CUSTOMER', Customer: { ...b.customer, documentNumber: nit() } });
    expect(otherCompany.status).toBe(422);
    expect(otherCompany.body.statusDetails[0]).toEqual({
      field: 'customer.documentNumber',
      description: 'El documento del cliente de un convenio guardado no cambia: sus bolsas son de ese cliente.',
    });
    const stale = await t.api.post('/license/api/contract/modify', admin).send({
      ContractId: id,
      Version: 1,
      TicketId: 'T105',
      Observations: 'Fechas',
      Step: 'UPDATE_CONTRACT',
      Contract: { ...b.contract, contractEndDate: addCalendarMonths(start, 13) },
    });
    expect(stale.status).toBe(409);

    const supervisor = await t.api
      .get('/license/api/contract/get-supervisor-info', admin)
      .set('documentType', '1')
      .set('documentNumber', '1020304050')
      .expect(200);
    expect(supervisor.body.result).toMatchObject({ found: true, firstName: 'Jorge', lastName: 'Pardo', jobTitle: 'Directora de compras' });
    const nobody = await t.api.get('/license/api/contract/get-supervisor-info', admin).set('documentType', '1').set('documentNumber', '99999999').expect(200);
    expect(nobody.body.result.found).toBe(false);
    const customer = await t.api
      .get('/license/api/contract/get-customer-info', admin)
      .set('personType', 'J')
      .set('documentType', '4')
      .set('documentNumber', b.customer.documentNumber)
      .expect(200);
    expect(customer.body.result).toMatchObject({ found: true, legalName: 'Transportes Águila Dorada S.A.S.', cellphoneNumber: '3109876543' });

    const history = (await t.api.get(`/api/v1/agreements/${id}/amendments`, admin).expect(200)).body;
    expect(history.map((h: { step: string }) => h.step)).toEqual(['UPDATE_CUSTOMER', 'UPDATE_SUPERVISOR', 'SET_CONTRACT_NOTIFICATION']);
    expect(history[0].before.cellphoneNumber).toBe('3001234567');
    expect(history[0].after.cellphoneNumber).toBe('3109876543');

    const params = await t.api.get('/license/api/parameter/get-app-parameters-contracts', admin).expect(200);
    expect(params.body.result).toMatchObject({
      maxReassignmentQuota: 5,
      maxContractValidityYears: 2,
      defaultConsumptionAlert: 90,
      startDate: { isBeyondOneMonth: true, dateUnit: 'D', quantity: 30 },
    });
  });

  it('offers the products the privileges name, their packages, and the commercial managers by role', async () => {
    const products = (await t.api.get('/api/v1/agreement-products', admin).expect(200)).body;
    expect(products).toEqual([
      expect.objectContaining({ value: serviceId, name: 'FirmaYa', label: 'Firma electrónica FirmaYa', contractedServices: 'isComponentServices' }),
    ]);
    const packages = (await t.api.get(`/api/v1/agreement-products/${serviceId}/packages`, admin).expect(200)).body;
    expect(packages.map((p: { packageCode: string }) => p.packageCode).sort()).toEqual(['CONV_EXTRA', 'CONV_FIRMAS']);
    const managers = await t.api.get('/api/user/get-users-by-role', admin).set('role', 'LICENSE_FIRMAYA_COMERCIALMANAGER').expect(200);
    expect(managers.body.result.recordsData[0].users.map((u: { id: string }) => u.id)).toContain(managerId);
  });

  it('the ECD form: device type, delivery and reassignment quota are required and checked; the identifier code carries the device', async () => {
    const em = t.app.get(MikroORM).em.fork();
    await em.execute(`update service set contracted_services = 'isComponentECD', device_type_ids = '1,2' where id = ?`, [serviceId]);
    try {
      const missing = await create(body());
      expect(missing.status).toBe(422);
      expect(missing.body.statusDetails.map((d: { field: string }) => d.field)).toEqual([
        'services[0].deviceTypeId',
        'services[0].credentialsDeliveryType',
        'services[0].reassignmentQuota',
      ]);
      const wrongDelivery = await create(
        body({
          services: [
            { packageCode, quantityToAdd: 10, validityType: 'A', validityPeriod: 1, deviceTypeId: 1, credentialsDeliveryType: 2, reassignmentQuota: 6 },
          ],
        }),
      );
      expect(wrongDelivery.body.statusDetails.map((d: { description: string }) => d.description)).toEqual([
        'El tipo de entrega no es permitido para el tipo de dispositivo.',
        'El cupo de reasignación no puede ser mayor a 5.',
      ]);
      const ok = await create(
        body({
          services: [
            { packageCode, quantityToAdd: 10, validityType: 'A', validityPeriod: 1, deviceTypeId: 2, credentialsDeliveryType: 2, reassignmentQuota: 3 },
          ],
        }),
      ).expect(201);
      expect(ok.body.contractedServices[0]).toMatchObject({
        identifierCode: `${packageCode}_NUBE_1A`,
        deviceTypeId: 2,
        credentialsDeliveryType: 2,
        reassignmentQuota: 3,
      });
    } finally {
      await em.execute(`update service set contracted_services = 'isComponentServices', device_type_ids = '' where id = ?`, [serviceId]);
    }
  });

  it('the history is append-only in the database', async () => {
    const saved = (await create(body()).expect(201)).body;
    await t.api
      .put(`/api/v1/agreements/${saved.id}/supervisor`, admin)
      .send({ version: saved.version, ticketNumber: 'T1', observations: 'Cambio', supervisor: { ...body().supervisor, firstName: 'Rosa' } })
      .expect(200);
    const em = t.app.get(MikroORM).em.fork();
    await expect(em.execute(`update agreement_amendment set observations = 'otra' where agreement_id = ?`, [saved.id])).rejects.toThrow(/append-only/);
  });
});
