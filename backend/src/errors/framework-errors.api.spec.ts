import { connect } from 'node:net';
import { getContract } from '../contract/contract.js';
import { useTestApp } from '../test-support/fixture.js';

/** Sends raw bytes and reads the whole answer (the server closes these connections). */
function raw(url: string, payload: string | Buffer): Promise<{ status: number; headers: string; body: unknown }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(payload));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body: JSON.parse(rest.join('\r\n\r\n')) });
    });
  });
}

const envelope = (status: number, statusMessage: string) =>
  expect.objectContaining({ statusCode: status, statusMessage, result: null, statusDetails: expect.any(Array), correlationId: expect.any(String) });

describe("Fastify's and Node's own answers come in the error body the contract declares", () => {
  // The demo data: its superadmin signs in, and its catalogue is there to refer to.
  const t = useTestApp({ DEMO_DATA: 'true' });
  let admin: string;
  beforeAll(async () => {
    admin = (await t.api.login('superadmin')).token;
  });

  it('a path that is not valid percent-encoding is a 400 naming the path', async () => {
    for (const path of ['/api/v1/packages/%E0%A4%A', '/api/v1/brands/%', '/license/api/Package/GetPackages%zz']) {
      const res = await t.api.get(path, admin);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(envelope(400, 'El servidor no ha podido interpretar la solicitud.'));
      expect(res.body.statusDetails).toEqual([{ field: 'path', description: 'la ruta no es una codificación URL válida' }]);
    }
  });

  it('a path parameter over 100 characters is a 404 in the error body, not a 414', async () => {
    const res = await t.api.get(`/api/v1/packages/${'1'.repeat(101)}`, admin);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(envelope(404, 'No se encontró el recurso solicitado'));
  });

  it('headers over the limit are a 431 in the error body', async () => {
    const res = await raw(t.url, `GET /api/v1/brands/current HTTP/1.1\r\nHost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.body).toEqual(envelope(431, 'Los encabezados de la solicitud superan el tamaño máximo permitido'));
    expect(getContract().checkResponse('getCurrentBrand', 431, res.body)).toBeNull();
  });

  it('a malformed request or a control character in a header is a 400 in the error body', async () => {
    for (const payload of [
      'NOT HTTP\r\n\r\n',
      'GET /api/v1/brands/current HTTP/1.1\r\nHost: x\r\nappName: a\u0001b\r\n\r\n',
      Buffer.from('GET /api/v1/brands/current HTTP/1.1\r\nHost: x\r\nfilter: a\u0000b\r\n\r\n'),
    ]) {
      const res = await raw(t.url, payload);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(envelope(400, 'El servidor no ha podido interpretar la solicitud.'));
      expect(res.body).toMatchObject({ statusDetails: [{ description: 'la solicitud HTTP está mal formada' }] });
    }
  });

  it('an oversized body is a 413, another media type a 415, broken JSON a 400, each in the error body', async () => {
    const big = await t.api
      .post('/api/Login/Authenticate')
      .set('Content-Type', 'application/json')
      .send(`{"UserName":"${'a'.repeat(5 * 1024 * 1024)}"}`);
    expect(big.status).toBe(413);
    expect(big.body).toEqual(envelope(413, 'La solicitud supera el tamaño máximo permitido'));
    const xml = await t.api.post('/api/Login/Authenticate').set('Content-Type', 'text/xml').send('<a/>');
    expect(xml.status).toBe(415);
    expect(xml.body).toEqual(envelope(415, 'Tipo de contenido no soportado'));
    const broken = await t.api.post('/api/Login/Authenticate').set('Content-Type', 'application/json').send('{"UserName":');
    expect(broken.status).toBe(400);
    expect(broken.body.statusDetails).toEqual([{ field: 'body', description: 'el cuerpo no es un JSON válido' }]);
  });

  it('a page path that is not valid percent-encoding is a 404, not a 500', async () => {
    for (const path of ['/admin/%25', '/%25']) {
      const res = await t.api.get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(envelope(404, 'No se encontró el recurso solicitado'));
    }
  });

  it('integer header parameters take digits only', async () => {
    // (HTTP itself trims the spaces around a header value; ids in paths are walked in edge.api.spec.ts.)
    for (const value of ['0x10', '+1', '1e1', '1.0', '1 0', '%31']) {
      const header = await t.api.get('/license/api/Package/GetPackages', admin).set('startRegister', value).set('registerNumber', '10');
      expect(header.status).toBe(400);
      expect(header.body.statusDetails).toEqual([{ field: 'header.startRegister', description: 'debe ser integer' }]);
    }
  });

  it('declares on every operation each status the app can answer to any request', () => {
    for (const op of getContract().operations()) {
      const expected = [400, 408, 431, 500, 503];
      if (op.method !== 'get') expected.push(413, 415);
      if (!op.isPublic) expected.push(401, 403);
      if (op.path.includes('{')) expected.push(404);
      expect({ operation: op.operationId, statuses: op.responseStatuses }).toEqual({ operation: op.operationId, statuses: expect.arrayContaining(expected) });
    }
  });
});
