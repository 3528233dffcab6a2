import { hkdfSync } from 'node:crypto';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: backend/src/config or backend/dist/config, three levels up. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export type Environment = 'development' | 'test' | 'production';

export const PAYMENT_SUPPORT_STORAGES = ['directory', 'database'] as const;
export type PaymentSupportStorageKind = (typeof PAYMENT_SUPPORT_STORAGES)[number];

/** Every setting the process reads, validated once at boot. */
export interface AppConfig {
  env: Environment;
  host: string;
  port: number;
  logLevel: string;
  /** Real PostgreSQL when set; the embedded PGlite otherwise. */
  databaseUrl?: string;
  dataDir: string;
  /** In-memory embedded database (tests). */
  databaseInMemory: boolean;
  jwtSecret: string;
  /**
   * AES-256-GCM key (32 bytes) of the store's encrypted package links ('Copiar enlace',
   * DecryptPackage): PACKAGE_LINK_KEY, else derived (HKDF) from JWT_SECRET.
   */
  packageLinkKey: Buffer;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Seconds a rotated refresh token still yields the pair it was rotated into (concurrent refreshes); 0 for none. */
  refreshReuseIntervalSeconds: number;
  adminIbuhoTokenTtlSeconds: number;
  /** Lifetime of a partner API client's access token (OAuth client credentials). */
  partnerTokenTtlSeconds: number;
  /** How long a partner's Idempotency-Key record is kept (and replayed) before the purge job deletes it. */
  partnerIdempotencyRetentionHours: number;
  demoData: boolean;
  demoPassword: string;
  /** A superadmin created on start when missing: how a production database gets its first user. */
  bootstrapAdmin?: { username: string; password: string };
  corsOrigins: string[];
  /** host name -> brand application name, e.g. tienda.example.com=colnomina */
  brandHosts: Record<string, string>;
  defaultBrand: string;
  /** Display name of the configurable brand written `{product}` in the specs. */
  productBrandName: string;
  /** Failed sign-ins allowed on one account from one address within the throttle window. */
  loginMaxFailuresPerAccountAddress: number;
  /** Failed sign-ins allowed from one address (any accounts) within the throttle window. */
  loginMaxFailuresPerAddress: number;
  loginThrottleWindowSeconds: number;
  /** The slower ceiling: failures on one account (from any address) within its own window. */
  loginMaxFailuresPerAccount: number;
  loginAccountWindowSeconds: number;
  /** Which peers may tell the client's address (X-Forwarded-For): none, a hop count, or addresses and ranges. */
  trustProxy: TrustProxy;
  /** Hub connections one session may hold open on one instance. */
  hubMaxConnectionsPerSession: number;
  /** Folder holding the built front ends (storefront/dist, admin/dist). */
  webRoot: string;
  validateResponses: boolean;
  /** Events after commit (backend/src/outbox). */
  outbox: OutboxConfig;
  /** E-mail (backend/src/mail). */
  mail: MailConfig;
  /** Payment gateways (backend/src/payment). */
  payments: PaymentsConfig;
  /** PAYMENT_SUPPORT_STORAGE: where cash proofs and RUTs are kept, `directory` (default) or `database` (several instances). */
  paymentSupportStorage: PaymentSupportStorageKind;
  /** PAYMENT_SUPPORT_DIR: where the directory storage keeps them (default `DATA_DIR/payment-supports`). */
  paymentSupportDir: string;
  /** Partner webhooks (backend/src/partner/webhook.*). */
  webhooks: WebhooksConfig;
  /** Address autocomplete (backend/src/maps). */
  maps: MapsConfig;
}

export const MAPS_PROVIDERS = ['NONE', 'GOOGLE'] as const;
export type MapsProviderCode = (typeof MAPS_PROVIDERS)[number];

export interface MapsConfig {
  /** MAPS_PROVIDER: NONE (plain-text addresses) or GOOGLE; GOOGLE by default when MAPS_API_KEY is set. */
  provider: MapsProviderCode;
  /** MAPS_API_KEY: the provider's server key (never sent to the browser). */
  apiKey?: string;
  /** MAPS_BASE_URL: the provider's web services (default https://maps.googleapis.com). */
  baseUrl: string;
  /** MAPS_TIMEOUT_MS: longest wait for the provider's answer. */
  timeoutMs: number;
  /** MAPS_REQUESTS_PER_MINUTE: suggestion and place calls one client address may make per minute (per instance). */
  requestsPerMinute: number;
}

function parseMaps(env: Env, problems: string[]): MapsConfig {
  const apiKey = env.MAPS_API_KEY?.trim() || undefined;
  const raw = env.MAPS_PROVIDER?.trim().toUpperCase() || (apiKey ? 'GOOGLE' : 'NONE');
  let provider: MapsProviderCode = 'NONE';
  if ((MAPS_PROVIDERS as readonly string[]).includes(raw)) provider = raw as MapsProviderCode;
  else problems.push(`MAPS_PROVIDER must be one of ${MAPS_PROVIDERS.join(', ')} (got "${env.MAPS_PROVIDER}")`);
  if (provider === 'GOOGLE' && !apiKey) problems.push('MAPS_PROVIDER=GOOGLE needs MAPS_API_KEY (the Places web service key)');
  const baseUrl = (env.MAPS_BASE_URL?.trim() || 'https://maps.googleapis.com').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(baseUrl)) problems.push('MAPS_BASE_URL must be an http:// or https:// URL');
  return {
    provider,
    apiKey,
    baseUrl,
    timeoutMs: int(env, 'MAPS_TIMEOUT_MS', 3000, problems),
    requestsPerMinute: int(env, 'MAPS_REQUESTS_PER_MINUTE', 60, problems),
  };
}

export interface WebhooksConfig {
  /**
   * AES-256-GCM key (32 bytes) that encrypts the webhook signing secrets at rest (they must be
   * readable to sign): WEBHOOK_SECRET_KEY, else derived (HKDF) from JWT_SECRET.
   */
  secretKey: Buffer;
  /** Whether subscriptions may use http:// and private, loopback or link-local addresses (never in production). */
  allowPrivateUrls: boolean;
  /** Longest wait for a subscriber's answer. */
  timeoutMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
}

/**
 * The gateways a brand's checkout may use. SANDBOX is the built-in stand-in for ePayco (a page of
 * this application that approves, declines or leaves pending, and confirms as ePayco does).
 */
export const PAYMENT_GATEWAY_CODES = ['SANDBOX', 'EPAYCO', 'PAGUEATIEMPO'] as const;
export type PaymentGatewayCode = (typeof PAYMENT_GATEWAY_CODES)[number];

export interface PaymentsConfig {
  /** ePayco's p_cust_id_cliente and p_key: the confirmation's signature is computed with them. */
  epaycoCustomerId: string;
  epaycoPKey: string;
  /** ePayco's public key (its checkout button's data-epayco-key) and whether its checkout runs in test mode. */
  epaycoPublicKey: string;
  epaycoTest: boolean;
  /** HMAC key of the checkout's signToken (derived from JWT_SECRET). */
  checkoutKey: Buffer;
  /** PAYMENT_GATEWAYS, e.g. colnomina=EPAYCO: the gateway of each brand; others use `defaultGateway`. */
  gatewayByBrand: Record<string, PaymentGatewayCode>;
  defaultGateway: PaymentGatewayCode;
  pagueatiempo: PagueatiempoConfig;
}

/** PagueATiempo (store §4, §7: `payment/form` on the provider's host, and its signed notification). */
export interface PagueatiempoConfig {
  /**
   * The provider's host (PAGUEATIEMPO_URL, `payment/form` is resolved against it); null: the
   * application's built-in emulator, reached over HTTP at its own listening address (never in production).
   */
  url: string | null;
  /** PAGUEATIEMPO_TOKEN: the `Authorization: Bearer` of the `payment/form` call. */
  token: string;
  /** PAGUEATIEMPO_SECRET: HMAC-SHA256 key of the notification's signature (the emulator signs with it too). */
  secret: string;
  /** Longest wait for `payment/form` (PAGUEATIEMPO_TIMEOUT_MS). */
  timeoutMs: number;
  /** How old (or how far ahead) a notification's timestamp may be, in seconds. */
  toleranceSeconds: number;
  /** Whether the built-in emulator answers (never in production). */
  emulator: boolean;
}

export interface MailConfig {
  /** SMTP server (smtp:// or smtps://, with credentials in the URL); unset: the development mailbox in the database. */
  smtpUrl?: string;
  /** The sender, e.g. `Licencias <no-reply@example.com>`. */
  from: string;
  /** Where the application is reached from outside (links and images in e-mails). */
  publicUrl: string;
  /** E-mail verification codes: seconds before another code may be asked for one e-mail and brand. */
  codeResendSeconds: number;
  /** Codes sent per hour to one e-mail (all brands) and from one client address. */
  codesPerEmail: number;
  codesPerAddress: number;
}

export interface OutboxConfig {
  /** Whether this instance delivers outbox events (any number of instances may). */
  worker: boolean;
  /** Deliveries one instance runs at once (1 on the embedded database, which has one connection). */
  concurrency?: number;
  /** Deliveries one transaction takes at most (one commit for them all). */
  batch: number;
  /** A batch takes no further delivery after this long (ms): slow handlers keep few deliveries waiting on one commit. */
  batchBudgetMs: number;
  /** Fallback poll when no NOTIFY arrives (ms). */
  pollMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** Days finished events are kept. */
  retentionDays: number;
  /** Test-only handlers to register (backend/src/outbox/testing); refused in production. */
  testHandlers: string[];
}

/** false: the socket's address is the client's; a number: that many proxy hops; a list: those proxies. */
export type TrustProxy = false | number | string[];

function supportStorage(raw: string | undefined, problems: string[]): PaymentSupportStorageKind {
  const value = (raw ?? 'directory').trim().toLowerCase();
  if ((PAYMENT_SUPPORT_STORAGES as readonly string[]).includes(value)) return value as PaymentSupportStorageKind;
  problems.push(`PAYMENT_SUPPORT_STORAGE must be one of ${PAYMENT_SUPPORT_STORAGES.join(', ')} (got "${raw}")`);
  return 'directory';
}

export const DEFAULT_JWT_SECRET = 'dev-only-secret-change-me-0123456789abcdef';
export const DEFAULT_DEMO_PASSWORD = 'Licencias2026*';
/** Development values of ePayco's credentials (public: a real deployment must set its own). */
export const DEFAULT_EPAYCO_CUSTOMER_ID = '1000000';
export const DEFAULT_EPAYCO_P_KEY = 'dev-only-epayco-p-key-change-me';
/** Development values of PagueATiempo's credentials (public: the emulator accepts and signs with them). */
export const DEFAULT_PAGUEATIEMPO_TOKEN = 'dev-only-pagueatiempo-token';
export const DEFAULT_PAGUEATIEMPO_SECRET = 'dev-only-pagueatiempo-secret-change-me';

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, problems: string[], min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    problems.push(`${name} must be a whole number >= ${min} (got "${raw}")`);
    return fallback;
  }
  return value;
}

function bool(env: Env, name: string, fallback: boolean, problems: string[]): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  problems.push(`${name} must be true or false (got "${env[name]}")`);
  return fallback;
}

function parseBrandHosts(raw: string | undefined, problems: string[], name = 'BRAND_HOSTS', shape = 'host=brand'): Record<string, string> {
  const map: Record<string, string> = {};
  if (!raw) return map;
  for (const pair of raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [host, brand] = pair.split('=').map((s) => s.trim().toLowerCase());
    if (!host || !brand) problems.push(`${name} entry "${pair}" must look like ${shape}`);
    else map[host] = brand;
  }
  return map;
}

function gatewayCode(raw: string, name: string, problems: string[]): PaymentGatewayCode {
  const code = raw.trim().toUpperCase();
  if ((PAYMENT_GATEWAY_CODES as readonly string[]).includes(code)) return code as PaymentGatewayCode;
  problems.push(`${name}: unknown payment gateway "${raw}" (known: ${PAYMENT_GATEWAY_CODES.join(', ')})`);
  return PAYMENT_GATEWAY_CODES[0];
}

function parsePayments(env: Env, production: boolean, jwtSecret: string, problems: string[]): PaymentsConfig {
  const epaycoCustomerId = env.EPAYCO_CUSTOMER_ID?.trim() || DEFAULT_EPAYCO_CUSTOMER_ID;
  const epaycoPKey = env.EPAYCO_P_KEY?.trim() || DEFAULT_EPAYCO_P_KEY;
  // Anyone can sign a confirmation with the published development key: a paid order for free.
  if (production && epaycoPKey === DEFAULT_EPAYCO_P_KEY) problems.push('EPAYCO_P_KEY must be set in production (the built-in development key is refused)');
  const gatewayByBrand: Record<string, PaymentGatewayCode> = {};
  for (const [brand, code] of Object.entries(parseBrandHosts(env.PAYMENT_GATEWAYS, problems, 'PAYMENT_GATEWAYS', 'brand=GATEWAY'))) {
    gatewayByBrand[brand] = gatewayCode(code, 'PAYMENT_GATEWAYS', problems);
  }
  const defaultGateway = gatewayCode(env.PAYMENT_GATEWAY_DEFAULT || (production ? 'EPAYCO' : 'SANDBOX'), 'PAYMENT_GATEWAY_DEFAULT', problems);
  // The sandbox approves a payment at a click, without money.
  if (production && [defaultGateway, ...Object.values(gatewayByBrand)].includes('SANDBOX'))
    problems.push('The SANDBOX payment gateway approves payments without money: it cannot be used in production (PAYMENT_GATEWAYS, PAYMENT_GATEWAY_DEFAULT)');
  return {
    epaycoCustomerId,
    epaycoPKey,
    epaycoPublicKey: env.EPAYCO_PUBLIC_KEY?.trim() ?? '',
    epaycoTest: bool(env, 'EPAYCO_TEST', !production, problems),
    checkoutKey: Buffer.from(hkdfSync('sha256', jwtSecret, 'licencias', 'payment-checkout', 32)),
    gatewayByBrand,
    defaultGateway,
    pagueatiempo: parsePagueatiempo(env, production, [defaultGateway, ...Object.values(gatewayByBrand)].includes('PAGUEATIEMPO'), problems),
  };
}

function parsePagueatiempo(env: Env, production: boolean, used: boolean, problems: string[]): PagueatiempoConfig {
  const rawUrl = env.PAGUEATIEMPO_URL?.trim() || null;
  if (rawUrl && !/^https?:\/\/[^/]+/i.test(rawUrl)) problems.push('PAGUEATIEMPO_URL must be an http:// or https:// URL');
  const token = env.PAGUEATIEMPO_TOKEN?.trim() || DEFAULT_PAGUEATIEMPO_TOKEN;
  const secret = env.PAGUEATIEMPO_SECRET?.trim() || DEFAULT_PAGUEATIEMPO_SECRET;
  // In production a brand paying through PagueATiempo needs the real provider: with the published
  // secret anyone could sign an approval, and the emulator approves at a click.
  if (production && used) {
    if (!rawUrl) problems.push('PAGUEATIEMPO_URL must be set in production when a brand pays through PAGUEATIEMPO (the built-in emulator is refused)');
    if (token === DEFAULT_PAGUEATIEMPO_TOKEN) problems.push('PAGUEATIEMPO_TOKEN must be set in production (the built-in development token is refused)');
    if (secret === DEFAULT_PAGUEATIEMPO_SECRET) problems.push('PAGUEATIEMPO_SECRET must be set in production (the built-in development secret is refused)');
  }
  return {
    url: rawUrl ? rawUrl.replace(/\/+$/, '') : null,
    token,
    secret,
    timeoutMs: int(env, 'PAGUEATIEMPO_TIMEOUT_MS', 10_000, problems),
    toleranceSeconds: int(env, 'PAGUEATIEMPO_TOLERANCE_SECONDS', 300, problems),
    emulator: !production,
  };
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** TRUST_PROXY: unset or none (default), a hop count, or comma-separated addresses, CIDR ranges and loopback/linklocal/uniquelocal. */
export function parseTrustProxy(raw: string | undefined, problems: string[]): TrustProxy {
  const value = raw?.trim().toLowerCase() ?? '';
  if (['', 'none', 'false', '0'].includes(value)) return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => {
    if (PROXY_NAMES.includes(entry)) return false;
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address);
    if (!family || extra !== undefined) return true;
    return bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
  });
  if (bad.length || !entries.length) {
    problems.push(
      `TRUST_PROXY must be none, a number of proxy hops, or proxy addresses and CIDR ranges (or loopback, linklocal, uniquelocal) separated by commas (got "${raw}")`,
    );
    return false;
  }
  return entries;
}

/** Reads and validates the configuration; throws ConfigError listing every problem at once. */
export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const rawEnv = env.NODE_ENV ?? 'development';
  if (!['development', 'test', 'production'].includes(rawEnv)) {
    problems.push(`NODE_ENV must be development, test or production (got "${rawEnv}")`);
  }
  const nodeEnv = (['development', 'test', 'production'].includes(rawEnv) ? rawEnv : 'development') as Environment;
  const production = nodeEnv === 'production';

  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }

  const jwtSecret = env.JWT_SECRET ?? DEFAULT_JWT_SECRET;
  if (production && jwtSecret === DEFAULT_JWT_SECRET) {
    problems.push('JWT_SECRET must be set in production (the built-in development secret is refused)');
  }
  if (jwtSecret.length < 32) problems.push('JWT_SECRET must be at least 32 characters long');
  const linkKey = env.PACKAGE_LINK_KEY?.trim();
  if (linkKey && !/^[0-9a-fA-F]{64}$/.test(linkKey)) problems.push('PACKAGE_LINK_KEY must be 64 hexadecimal characters (32 bytes, e.g. openssl rand -hex 32)');

  const demoData = bool(env, 'DEMO_DATA', !production, problems);
  if (production && demoData) problems.push('DEMO_DATA cannot be enabled in production');
  const demoPassword = env.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD;
  if (demoPassword.length < 8) problems.push('DEMO_PASSWORD must be at least 8 characters long');

  const adminUser = env.BOOTSTRAP_ADMIN_USER?.trim();
  const adminPassword = env.BOOTSTRAP_ADMIN_PASSWORD ?? '';
  if (adminUser && adminPassword.length < 12) problems.push('BOOTSTRAP_ADMIN_PASSWORD must be at least 12 characters long');

  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl && !/^smtps?:\/\/[^/]/.test(smtpUrl)) problems.push('SMTP_URL must be an smtp:// or smtps:// URL (e.g. smtp://user:pass@mail.example.com:587)');
  const port = int(env, 'PORT', 3000, problems, 0);
  const publicUrl = (env.PUBLIC_URL?.trim() || `http://localhost:${port || 3000}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(publicUrl)) problems.push('PUBLIC_URL must be an http:// or https:// URL');

  const webhookKey = env.WEBHOOK_SECRET_KEY?.trim();
  if (webhookKey && !/^[0-9a-fA-F]{64}$/.test(webhookKey))
    problems.push('WEBHOOK_SECRET_KEY must be 64 hexadecimal characters (32 bytes, e.g. openssl rand -hex 32)');
  const allowPrivateUrls = bool(env, 'WEBHOOK_ALLOW_PRIVATE_URLS', !production, problems);
  if (production && allowPrivateUrls) problems.push('WEBHOOK_ALLOW_PRIVATE_URLS cannot be enabled in production (webhooks must not reach internal addresses)');

  const repoRoot = env.APP_ROOT ? resolve(env.APP_ROOT) : REPO_ROOT;
  const config: AppConfig = {
    env: nodeEnv,
    host: env.HOST ?? '0.0.0.0',
    port,
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'warn' : 'info'),
    databaseUrl,
    dataDir: resolve(repoRoot, env.DATA_DIR ?? 'data'),
    databaseInMemory: bool(env, 'DATABASE_IN_MEMORY', false, problems),
    jwtSecret,
    packageLinkKey: linkKey ? Buffer.from(linkKey, 'hex') : Buffer.from(hkdfSync('sha256', jwtSecret, 'licencias', 'package-link', 32)),
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL', 900, problems),
    refreshTokenTtlSeconds: int(env, 'REFRESH_TOKEN_TTL', 60 * 60 * 12, problems),
    refreshReuseIntervalSeconds: int(env, 'REFRESH_REUSE_INTERVAL', 10, problems, 0),
    adminIbuhoTokenTtlSeconds: int(env, 'ADMIN_IBUHO_TOKEN_TTL', 300, problems),
    partnerTokenTtlSeconds: int(env, 'PARTNER_TOKEN_TTL', 900, problems),
    partnerIdempotencyRetentionHours: int(env, 'PARTNER_IDEMPOTENCY_RETENTION_HOURS', 24, problems),
    demoData,
    demoPassword,
    bootstrapAdmin: adminUser ? { username: adminUser.toLowerCase(), password: adminPassword } : undefined,
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    brandHosts: parseBrandHosts(env.BRAND_HOSTS, problems),
    defaultBrand: (env.DEFAULT_BRAND ?? 'license').toLowerCase(),
    productBrandName: env.PRODUCT_BRAND ?? 'tienda',
    loginMaxFailuresPerAccountAddress: int(env, 'LOGIN_MAX_FAILURES_ACCOUNT_ADDRESS', 5, problems),
    loginMaxFailuresPerAddress: int(env, 'LOGIN_MAX_FAILURES_ADDRESS', 30, problems),
    loginThrottleWindowSeconds: int(env, 'LOGIN_THROTTLE_WINDOW', 900, problems),
    loginMaxFailuresPerAccount: int(env, 'LOGIN_MAX_FAILURES_ACCOUNT', 50, problems),
    loginAccountWindowSeconds: int(env, 'LOGIN_ACCOUNT_WINDOW', 3600, problems),
    trustProxy: parseTrustProxy(env.TRUST_PROXY, problems),
    hubMaxConnectionsPerSession: int(env, 'HUB_MAX_CONNECTIONS_PER_SESSION', 20, problems),
    webRoot: resolve(repoRoot, env.WEB_ROOT ?? '.'),
    validateResponses: bool(env, 'VALIDATE_RESPONSES', !production, problems),
    mail: {
      smtpUrl,
      from: env.MAIL_FROM?.trim() || 'Licencias <no-reply@licencias.localhost>',
      publicUrl,
      codeResendSeconds: int(env, 'EMAIL_CODE_RESEND_SECONDS', 60, problems, 0),
      codesPerEmail: int(env, 'EMAIL_CODE_MAX_PER_EMAIL', 5, problems),
      codesPerAddress: int(env, 'EMAIL_CODE_MAX_PER_ADDRESS', 30, problems),
    },
    payments: parsePayments(env, production, jwtSecret, problems),
    paymentSupportStorage: supportStorage(env.PAYMENT_SUPPORT_STORAGE, problems),
    paymentSupportDir: resolve(repoRoot, env.PAYMENT_SUPPORT_DIR ?? join(env.DATA_DIR ?? 'data', 'payment-supports')),
    maps: parseMaps(env, problems),
    webhooks: {
      secretKey: webhookKey ? Buffer.from(webhookKey, 'hex') : Buffer.from(hkdfSync('sha256', jwtSecret, 'licencias', 'webhook-secret', 32)),
      allowPrivateUrls,
      timeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 10_000, problems),
      maxAttempts: int(env, 'WEBHOOK_MAX_ATTEMPTS', 8, problems),
      retryBaseMs: int(env, 'WEBHOOK_RETRY_BASE_MS', 60_000, problems),
      retryMaxMs: int(env, 'WEBHOOK_RETRY_MAX_MS', 6 * 3_600_000, problems),
    },
    outbox: {
      worker: bool(env, 'OUTBOX_WORKER', true, problems),
      concurrency: env.OUTBOX_CONCURRENCY ? int(env, 'OUTBOX_CONCURRENCY', 4, problems) : undefined,
      batch: int(env, 'OUTBOX_BATCH', 16, problems, 1),
      batchBudgetMs: int(env, 'OUTBOX_BATCH_BUDGET_MS', 1000, problems, 1),
      pollMs: int(env, 'OUTBOX_POLL_MS', 5000, problems, 10),
      maxAttempts: int(env, 'OUTBOX_MAX_ATTEMPTS', 10, problems),
      retryBaseMs: int(env, 'OUTBOX_RETRY_BASE_MS', 30_000, problems),
      retryMaxMs: int(env, 'OUTBOX_RETRY_MAX_MS', 3_600_000, problems),
      retentionDays: int(env, 'OUTBOX_RETENTION_DAYS', 30, problems),
      testHandlers: (env.OUTBOX_TEST_HANDLERS ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    },
  };
  if (production && config.outbox.testHandlers.length) problems.push('OUTBOX_TEST_HANDLERS cannot be set in production');
  if (config.refreshReuseIntervalSeconds > 60) problems.push('REFRESH_REUSE_INTERVAL must be at most 60 seconds (a longer interval hides copied tokens)');
  if (problems.length) throw new ConfigError(problems);
  return config;
}

/** Injection token for the configuration object. */
export const APP_CONFIG = Symbol('APP_CONFIG');
