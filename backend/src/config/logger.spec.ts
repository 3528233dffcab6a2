import { jest } from '@jest/globals';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { loadConfig } from './config.js';
import { lazyRequestLogger, loggerOptions, redactUrl } from './logger.js';

/** A stream that keeps the lines written to it. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, stream };
}

describe('request logs', () => {
  it('never carry the access token of a query string', async () => {
    const { lines, stream } = capture();
    const options = loggerOptions(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' }));
    const app = Fastify({ logger: { ...options, stream } });
    app.get('/api/connections/session', async () => ({}));
    await app.inject({ method: 'GET', url: '/api/connections/session?id=abc&access_token=secreto.jwt.firma' });
    await app.inject({ method: 'GET', url: '/api/connections/session?ACCESS%5FTOKEN=otro.secreto&x=1' });
    await app.close();
    const text = lines.join('');
    expect(text).toContain('incoming request');
    expect(text).not.toContain('secreto');
    expect(text).toContain('/api/connections/session?id=abc&access_token=[redactado]');
  });

  it("make a request's logger only for a line at a level in force, with the request id and redaction", async () => {
    const { lines, stream } = capture();
    const app = Fastify({ logger: { ...loggerOptions(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn' })), stream }, childLoggerFactory: lazyRequestLogger });
    const made = jest.spyOn(app.log, 'child');
    app.get('/quiet', async (request) => {
      request.log.info('no se escribe');
      return {};
    });
    app.get('/warns', async (request) => {
      request.log.warn({ body: { password: 'clave' } }, 'aviso');
      return { level: request.log.level };
    });
    await app.inject({ method: 'GET', url: '/quiet' });
    expect(made).not.toHaveBeenCalled();
    const res = await app.inject({ method: 'GET', url: '/warns' });
    await app.close();
    expect(made).toHaveBeenCalledTimes(1);
    expect(res.json()).toEqual({ level: 'warn' });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ msg: 'aviso', reqId: expect.any(String), body: { password: '[redactado]' } });
  });

  it('leaves other parameters as written', () => {
    expect(redactUrl('/a?b=1&c=2#access_token=x')).toBe('/a?b=1&c=2#access_token=x');
    expect(redactUrl('/a')).toBe('/a');
    expect(redactUrl('/a?access_token')).toBe('/a?access_token=[redactado]');
    expect(redactUrl('/a?%ZZ=1&access_token=t')).toBe('/a?%ZZ=1&access_token=[redactado]');
  });
});
