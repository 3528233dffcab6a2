import supertest from 'supertest';
import { parse } from 'yaml';
import { useTestApp } from '../test-support/fixture.js';

/** /docs in Spanish: the page's title, its favicon, Swagger UI's own words and the served contract. */
describe('the API reference page', () => {
  const t = useTestApp();
  const http = () => supertest(t.url);

  it('is served with the Spanish title and a favicon link that answers an image', async () => {
    const page = await http().get('/docs').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<html lang="es">');
    expect(page.text).toContain('<title>API de licencias y paquetes</title>');
    const icon = /<link rel="icon" type="image\/svg\+xml" href="([^"]+)">/.exec(page.text);
    expect(icon?.[1]).toBe('/api/v1/brands/license/favicon');
    const favicon = await http().get(icon![1]).expect(200);
    expect(favicon.headers['content-type']).toMatch(/^image\//);
  });

  it("puts Swagger UI's own words in Spanish", async () => {
    const page = await http().get('/docs').expect(200);
    expect(page.text).toContain('content: "obligatorio"');
    const script = await http().get('/docs/assets/docs-init.js').expect(200);
    expect(script.headers['content-type']).toMatch(/^application\/javascript/);
    for (const [english, spanish] of [
      ['Try it out', 'Probar'],
      ['Execute', 'Ejecutar'],
      ['Parameters', 'Parámetros'],
      ['Responses', 'Respuestas'],
      ['Request body', 'Cuerpo de la petición'],
      // Tag headings: the tag's name stays (links use it), its x-displayName is shown.
      ['PromoCodes', 'Códigos promocionales'],
      ['ServiceFeatures', 'Características del servicio'],
    ]) {
      expect(script.text).toContain(`${JSON.stringify(english)}:${JSON.stringify(spanish)}`);
    }
  });

  it('serves the contract whose title is the Spanish one', async () => {
    const served = await http().get('/openapi.yaml').expect(200);
    const contract = parse(served.text) as { info: { title: string; description: string } };
    expect(contract.info.title).toBe('API de licencias y paquetes');
    expect(contract.info.description).toContain('Un solo contrato, dos superficies sobre los mismos servicios de dominio');
  });
});
