import {
  ConfigError,
  DEFAULT_EPAYCO_CUSTOMER_ID,
  DEFAULT_EPAYCO_P_KEY,
  DEFAULT_JWT_SECRET,
  DEFAULT_PAGUEATIEMPO_SECRET,
  DEFAULT_PAGUEATIEMPO_TOKEN,
  loadConfig,
} from './config.js';

describe('configuration', () => {
  it('has working defaults for a fresh clone', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ env: 'development', port: 3000, demoData: true, defaultBrand: 'license', databaseUrl: undefined });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('refuses demo data and the built-in secret in production, listing every problem', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true' })).toThrow(ConfigError);
    try {
      loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true' });
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/JWT_SECRET must be set in production/);
      expect(problems).toMatch(/DEMO_DATA cannot be enabled in production/);
    }
  });

  it('accepts a production configuration with its own secret and no demo data', () => {
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(48), DATABASE_URL: 'postgres://db/app', EPAYCO_P_KEY: 'clave-real' });
    expect(config.demoData).toBe(false);
    expect(config.jwtSecret).not.toBe(DEFAULT_JWT_SECRET);
    expect(config.validateResponses).toBe(false);
  });

  it('gives clear messages for malformed values', () => {
    let problems: string[] = [];
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', BRAND_HOSTS: 'solo-host', JWT_SECRET: 'short' });
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^PORT must be a whole number/),
        expect.stringMatching(/^DATABASE_URL must be a postgres/),
        expect.stringMatching(/^JWT_SECRET must be at least 32/),
        expect.stringMatching(/^BRAND_HOSTS entry "solo-host"/),
      ]),
    );
  });

  it('parses the host-to-brand map', () => {
    expect(loadConfig({ BRAND_HOSTS: 'Tienda.Example.com=ColFactura, otra.co=firmaya' }).brandHosts).toEqual({
      'tienda.example.com': 'colfactura',
      'otra.co': 'firmaya',
    });
  });
});

describe('bootstrap administrator', () => {
  it('is optional and needs a long password', () => {
    expect(loadConfig({}).bootstrapAdmin).toBeUndefined();
    expect(loadConfig({ BOOTSTRAP_ADMIN_USER: 'Admin', BOOTSTRAP_ADMIN_PASSWORD: 'una-clave-larga' }).bootstrapAdmin).toEqual({
      username: 'admin',
      password: 'una-clave-larga',
    });
    expect(() => loadConfig({ BOOTSTRAP_ADMIN_USER: 'admin', BOOTSTRAP_ADMIN_PASSWORD: 'corta' })).toThrow(/BOOTSTRAP_ADMIN_PASSWORD/);
  });
});

describe('trusted proxies', () => {
  it('trusts no forwarded header by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'none' }).trustProxy).toBe(false);
  });

  it('accepts a hop count, addresses, CIDR ranges and the named ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,loopback,fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', 'loopback', 'fd00::/8']);
  });

  it('refuses "true" and anything that is not an address', () => {
    for (const value of ['true', '10.0.0.0/33', 'proxy.example.com', '1.2.3.4/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY must be none/);
    }
  });
});

describe('PACKAGE_LINK_KEY', () => {
  it('is 32 bytes: the hex given, else derived from JWT_SECRET (a different secret gives a different key)', () => {
    const given = loadConfig({ PACKAGE_LINK_KEY: 'ab'.repeat(32) });
    expect(given.packageLinkKey.equals(Buffer.from('ab'.repeat(32), 'hex'))).toBe(true);
    const derived = loadConfig({ JWT_SECRET: 'x'.repeat(40) });
    expect(derived.packageLinkKey).toHaveLength(32);
    expect(derived.packageLinkKey.equals(loadConfig({ JWT_SECRET: 'y'.repeat(40) }).packageLinkKey)).toBe(false);
    expect(() => loadConfig({ PACKAGE_LINK_KEY: 'corta' })).toThrow(/PACKAGE_LINK_KEY must be 64 hexadecimal characters/);
  });
});

describe('payment gateways', () => {
  it('has development ePayco credentials, the sandbox by default and a gateway per brand', () => {
    const config = loadConfig({ PAYMENT_GATEWAYS: 'ColNomina=epayco,firmaya=Sandbox' });
    expect(config.payments).toEqual({
      epaycoCustomerId: DEFAULT_EPAYCO_CUSTOMER_ID,
      epaycoPKey: DEFAULT_EPAYCO_P_KEY,
      epaycoPublicKey: '',
      epaycoTest: true,
      checkoutKey: expect.any(Buffer),
      gatewayByBrand: { colnomina: 'EPAYCO', firmaya: 'SANDBOX' },
      defaultGateway: 'SANDBOX',
      pagueatiempo: {
        url: null,
        token: DEFAULT_PAGUEATIEMPO_TOKEN,
        secret: DEFAULT_PAGUEATIEMPO_SECRET,
        timeoutMs: 10_000,
        toleranceSeconds: 300,
        emulator: true,
      },
    });
    expect(loadConfig({ EPAYCO_CUSTOMER_ID: '555', EPAYCO_P_KEY: 'clave' }).payments).toMatchObject({ epaycoCustomerId: '555', epaycoPKey: 'clave' });
    expect(() => loadConfig({ PAYMENT_GATEWAYS: 'firmaya=paypal' })).toThrow(/PAYMENT_GATEWAYS: unknown payment gateway "paypal"/);
    expect(loadConfig({ PAYMENT_GATEWAYS: 'firmaya=PagueATiempo' }).payments.gatewayByBrand).toEqual({ firmaya: 'PAGUEATIEMPO' });
    expect(loadConfig({ PAYMENT_GATEWAY_DEFAULT: 'pagueatiempo', PAGUEATIEMPO_URL: 'https://pagos.example.co/api/' }).payments).toMatchObject({
      defaultGateway: 'PAGUEATIEMPO',
      pagueatiempo: { url: 'https://pagos.example.co/api' },
    });
    expect(() => loadConfig({ PAGUEATIEMPO_URL: 'pagos.example.co' })).toThrow(/PAGUEATIEMPO_URL must be an http/);
    expect(() => loadConfig({ PAYMENT_GATEWAYS: 'firmaya' })).toThrow(/PAYMENT_GATEWAYS entry "firmaya" must look like brand=GATEWAY/);
  });

  it('refuses in production the development EPAYCO_P_KEY and the sandbox, and uses ePayco by default there', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(48) };
    expect(() => loadConfig(production)).toThrow(/EPAYCO_P_KEY must be set in production/);
    expect(() => loadConfig({ ...production, EPAYCO_P_KEY: DEFAULT_EPAYCO_P_KEY })).toThrow(/EPAYCO_P_KEY must be set in production/);
    expect(() => loadConfig({ ...production, EPAYCO_P_KEY: 'clave-real', PAYMENT_GATEWAYS: 'colnomina=SANDBOX' })).toThrow(
      /SANDBOX payment gateway approves payments without money/,
    );
    expect(() => loadConfig({ ...production, EPAYCO_P_KEY: 'clave-real', PAYMENT_GATEWAY_DEFAULT: 'sandbox' })).toThrow(/cannot be used in production/);
    expect(loadConfig({ ...production, EPAYCO_P_KEY: 'clave-real' }).payments).toMatchObject({ defaultGateway: 'EPAYCO', epaycoTest: false });
  });

  it('refuses in production a brand on PAGUEATIEMPO with the emulator or the development token or secret', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(48), EPAYCO_P_KEY: 'clave-real', PAYMENT_GATEWAYS: 'colfactura=PAGUEATIEMPO' };
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems(production)).toEqual([
      'PAGUEATIEMPO_URL must be set in production when a brand pays through PAGUEATIEMPO (the built-in emulator is refused)',
      'PAGUEATIEMPO_TOKEN must be set in production (the built-in development token is refused)',
      'PAGUEATIEMPO_SECRET must be set in production (the built-in development secret is refused)',
    ]);
    const real = { ...production, PAGUEATIEMPO_URL: 'https://pagos.example.co', PAGUEATIEMPO_TOKEN: 'token-real', PAGUEATIEMPO_SECRET: 'secreto-real' };
    expect(problems({ ...real, PAGUEATIEMPO_SECRET: DEFAULT_PAGUEATIEMPO_SECRET })).toEqual([
      'PAGUEATIEMPO_SECRET must be set in production (the built-in development secret is refused)',
    ]);
    expect(loadConfig(real).payments.pagueatiempo).toMatchObject({ url: 'https://pagos.example.co', emulator: false });
    // Not used by any brand: nothing to require, and the emulator is still off.
    expect(loadConfig({ ...production, PAYMENT_GATEWAYS: '' }).payments.pagueatiempo.emulator).toBe(false);
  });
});

describe('maps configuration', () => {
  it('has no provider by default: addresses stay plain text', () => {
    expect(loadConfig({}).maps).toEqual({
      provider: 'NONE',
      apiKey: undefined,
      baseUrl: 'https://maps.googleapis.com',
      timeoutMs: 3000,
      requestsPerMinute: 60,
    });
  });

  it('uses Google when a key is set, and refuses GOOGLE without a key or an unknown provider', () => {
    expect(loadConfig({ MAPS_API_KEY: 'k', MAPS_BASE_URL: 'http://127.0.0.1:9/' }).maps).toMatchObject({
      provider: 'GOOGLE',
      apiKey: 'k',
      baseUrl: 'http://127.0.0.1:9',
    });
    expect(loadConfig({ MAPS_API_KEY: 'k', MAPS_PROVIDER: 'none' }).maps.provider).toBe('NONE');
    expect(() => loadConfig({ MAPS_PROVIDER: 'GOOGLE' })).toThrow('MAPS_PROVIDER=GOOGLE needs MAPS_API_KEY');
    expect(() => loadConfig({ MAPS_PROVIDER: 'osm' })).toThrow('MAPS_PROVIDER must be one of NONE, GOOGLE (got "osm")');
    expect(() => loadConfig({ MAPS_API_KEY: 'k', MAPS_BASE_URL: 'ftp://x' })).toThrow('MAPS_BASE_URL must be an http:// or https:// URL');
  });
});
