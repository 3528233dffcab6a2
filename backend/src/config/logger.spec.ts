import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { loadConfig } from './config.js';
import { loggerOptions, redactUrl } from './logger.js';

describe('request logs', () => {
  it('never carry the access token of a query string', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
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

  it('leaves other parameters as written', () => {
    expect(redactUrl('/a?b=1&c=2#access_token=x')).toBe('/a?b=1&c=2#access_token=x');
    expect(redactUrl('/a')).toBe('/a');
    expect(redactUrl('/a?access_token')).toBe('/a?access_token=[redactado]');
    expect(redactUrl('/a?%ZZ=1&access_token=t')).toBe('/a?%ZZ=1&access_token=[redactado]');
  });
});
