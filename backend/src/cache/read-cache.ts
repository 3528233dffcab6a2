import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { RequestContext, type EventSubscriber, type TransactionEventArgs } from '@mikro-orm/core';
import { type EntityManager, MikroORM } from '@mikro-orm/sql';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { getContract } from '../contract/contract.js';
import { markAnswered } from '../contract/contract.interceptor.js';
import { SECURITY_HEADER_LINES } from '../web/security-header-set.js';
import type { DoorAnswers } from './front-door.js';
import { isPreparedRead } from './prepared-read.js';
import { EventBus } from '../events/event-bus.js';
import { CACHE_TOPICS, type CacheTopic } from '../events/events.js';
import { STALE_TOPICS_SETTING } from './invalidation-trigger.js';

type Encoding = 'br' | 'gzip';

/** One representation of an answer: its bytes and their entity tag. */
interface Representation {
  body: Buffer;
  etag: string;
  /** The light path's header lines of its 200 and its 304 (flat name/value lists), made on first use. */
  head?: { ok: string[]; notModified: string[] };
}

/** An answer serialized once: its bytes and their entity tag. */
export interface PreparedAnswer extends Representation {
  headers?: Record<string, string>;
  /** Epoch ms after which a kept answer is prepared again (AnswerSpec.expiresAt). */
  expiresAt?: number;
  /** Kept answers only: the body compressed once per content coding, on first demand. */
  encoded?: Partial<Record<Encoding, Representation>>;
}

/**
 * Answers that need a session, kept here all the same: no browser or shared cache keeps them
 * (security-headers.ts sets the same on every such answer); a client may still send the ETag.
 */
export const SESSION_ANSWER = 'no-store';

/** Bodies from this size are compressed (as @fastify/compress's threshold in app.ts). */
const COMPRESS_FROM = 1024;

/** What a prepared answer is: the operation whose 200 it is, and how long clients may keep it. */
export interface AnswerSpec {
  operationId: string;
  /**
   * The Cache-Control header: `public, ...` for public data; for an answer that expires by itself
   * (`expiresAt`), made per request from the milliseconds it has left.
   */
  cacheControl: string | ((msLeft: number | undefined) => string);
  /** Headers that go with the answer (e.g. Content-Range), from its value. */
  headers?: (value: never) => Record<string, string>;
  /**
   * When the answer stops being true without any write (an offer starts or ends): a kept answer
   * is prepared again from the first request after that instant (epoch ms; undefined: never).
   */
  expiresAt?: (value: never) => number | undefined;
}

/** A kept value (or the promise of it) and the instant it expires by itself, once known. */
interface Entry {
  value: Promise<unknown>;
  expiresAt?: number;
}

const fresh = (expiresAt: number | undefined) => expiresAt === undefined || Date.now() < expiresAt;

/** Where the front door finds the answer last sent for a URL. */
interface DoorRoute {
  topic: CacheTopic;
  answerKey: string;
  spec: AnswerSpec;
  /** Headers (lower case) the request must not carry: the answer's `Vary` names them. */
  absent: string[];
}

/** URLs the front door remembers (each a kept answer's; forgotten all at once when full). */
const MAX_DOOR_URLS = 1024;
/** Keys kept per topic (a staff list keeps one per page, sort and search): a topic's keys are forgotten all at once when full. */
const MAX_KEYS_PER_TOPIC = 512;

/**
 * Answers of reads that change rarely (reference data, brands, parameters), serialized once and
 * kept until an event of the change that affects them: `cache.invalidated` is published inside the
 * writing transaction and reaches every instance through the EventBus (PostgreSQL NOTIFY after
 * commit), this one included. Each answer carries a strong ETag; `If-None-Match` gets a 304.
 */
@Injectable()
export class ReadCache implements OnModuleInit, DoorAnswers {
  private readonly logger = new Logger('ReadCache');
  /** topic -> key -> an answer or a value, being prepared or prepared. */
  private readonly entries = new Map<CacheTopic, Map<string, Entry>>();
  /** topic -> key -> a prepared answer, once its build has settled (served without awaiting). */
  private readonly answers = new Map<CacheTopic, Map<string, PreparedAnswer>>();
  /** URL -> the kept answer it was last sent, for the front door (only answers the same for every request of that URL). */
  private readonly doorRoutes = new Map<string, DoorRoute>();
  /** Each operation's header parameters but If-None-Match (read once from the contract). */
  private readonly doorHeaders = new Map<string, string[]>();
  /** Transactions that write no table behind a topic (writesNoCachedTable). */
  private readonly untouched = new WeakSet<object>();
  /** Answers the front door served (for tests and diagnostics). */
  servedAtTheDoor = 0;

  constructor(
    private readonly events: EventBus,
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.events.subscribe((event) => {
      if (event.type === 'cache.invalidated') this.invalidate(event.topics);
    });
    this.orm.em.getEventManager().registerSubscriber(new OwnWrites(this));
  }

  /** Whether any answer or value is kept (a transaction that commits then may have made one stale). */
  holdsAny(): boolean {
    return this.entries.size > 0;
  }

  /**
   * Tells the cache that `em`'s open transaction writes no table behind a topic (none with an
   * `invalidatesCache` trigger): its commit then skips reading the topics it made stale, one
   * statement (a hot write path: RegisterPurchaseOrder). Were it wrong, this instance would still
   * drop the answers when the trigger's NOTIFY arrives, only not before the commit returns.
   */
  writesNoCachedTable(em: EntityManager): void {
    const transaction = em.getTransactionContext();
    if (transaction) this.untouched.add(transaction);
  }

  /** Whether a transaction was declared to write no table behind a topic. */
  writesNone(transaction: object): boolean {
    return this.untouched.has(transaction);
  }

  /** Drops the answers of these topics; the next read prepares them again from the database. */
  invalidate(topics: readonly CacheTopic[]): void {
    for (const topic of topics) {
      this.entries.delete(topic);
      this.answers.delete(topic);
    }
    this.logger.debug(`Invalidated ${topics.join(', ')}`);
  }

  /**
   * The value of `topic`/`key`, built by `build` on first use (one build at a time per key) and
   * kept until the topic is invalidated, or until the instant `expiresAt` gives for it. A failed
   * build is not kept. It runs in an ORM context of its own: prepared reads (@PreparedRead) are
   * served without one.
   */
  value<T>(topic: CacheTopic, key: string, build: () => Promise<T>, expiresAt?: (value: T) => number | undefined): Promise<T> {
    let byKey = this.entries.get(topic);
    if (!byKey) this.entries.set(topic, (byKey = new Map()));
    const cached = byKey.get(key);
    if (cached && fresh(cached.expiresAt)) return cached.value as Promise<T>;
    if (byKey.size >= MAX_KEYS_PER_TOPIC) {
      byKey.clear();
      this.answers.get(topic)?.clear();
    }
    const building = RequestContext.create(this.orm.em, build);
    const entry: Entry = { value: building };
    byKey.set(key, entry);
    building.then(
      (value) => {
        entry.expiresAt = expiresAt?.(value);
      },
      () => {
        if (this.entries.get(topic)?.get(key) === entry) this.entries.get(topic)?.delete(key);
      },
    );
    return building;
  }

  /**
   * Serves the answer of a read from its prepared bytes (prepared on first use from `build`, kept
   * until the topic is invalidated), or a 304 when the client holds it already. The value is
   * checked against the operation's 200 response once, when prepared, where responses are
   * validated (outside production).
   */
  serve<T>(request: FastifyRequest, reply: FastifyReply, topic: CacheTopic, key: string, spec: AnswerSpec, build: () => Promise<T>): Promise<void> | void {
    const answerKey = `${spec.operationId}:${key}`;
    const ready = this.answers.get(topic)?.get(answerKey);
    if (ready && fresh(ready.expiresAt)) {
      this.rememberUrl(request, topic, answerKey, spec, ready);
      return this.send(request, reply, spec, ready);
    }
    const building = this.value(
      topic,
      `answer:${answerKey}`,
      async () => ({ ...this.prepare(spec, await build()), encoded: {} }),
      (prepared) => prepared.expiresAt,
    );
    return building.then((answer) => {
      // Kept for synchronous serving unless the topic was invalidated while it was being built.
      if (this.entries.get(topic)?.get(`answer:${answerKey}`)?.value === building) {
        let byKey = this.answers.get(topic);
        if (!byKey) this.answers.set(topic, (byKey = new Map()));
        byKey.set(answerKey, answer);
        this.rememberUrl(request, topic, answerKey, spec, answer);
      }
      this.send(request, reply, spec, answer);
    });
  }

  /**
   * The front door's answer (FrontDoor): the kept answer last sent for exactly this URL, with its
   * header lines made once and the request's id, or false to let Fastify answer.
   */
  serveAtTheDoor(request: IncomingMessage, response: ServerResponse, requestId: string): boolean {
    const route = this.doorRoutes.get(request.url ?? '');
    if (route === undefined) return false;
    for (const name of route.absent) if (request.headers[name] !== undefined) return false;
    const answer = this.answers.get(route.topic)?.get(route.answerKey);
    if (answer === undefined || !fresh(answer.expiresAt)) return false;
    const negotiated = answer.body.length >= COMPRESS_FROM;
    const encoding = negotiated ? preferredEncoding(request.headers['accept-encoding']) : undefined;
    const representation = encoding ? (answer.encoded![encoding] ??= encode(answer.body, encoding)) : answer;
    const notModified = matches(request.headers['if-none-match'], representation.etag);
    const lines = (representation.head ??= head(route.spec, answer, representation, encoding, negotiated));
    const own = ['x-request-id', requestId];
    // A Cache-Control made per request (an answer that expires by itself) is not among the lines made once.
    if (typeof route.spec.cacheControl !== 'string') own.push('cache-control', cacheControlOf(route.spec, answer));
    response.writeHead(notModified ? 304 : 200, [...(notModified ? lines.notModified : lines.ok), ...own]);
    response.end(notModified ? undefined : representation.body);
    this.servedAtTheDoor++;
    return true;
  }

  /**
   * Tells the front door this URL's answer when a shared cache could keep it (HTTP's rule): a
   * public answer, keyed by the URL and by the headers its `Vary` names, which must then name every
   * header parameter but If-None-Match. The door keeps only the variant of requests that carry none
   * of those headers (an absent header is a variant of its own): the store's answer to a visitor
   * without a token, not to a signed-in customer.
   */
  private rememberUrl(request: FastifyRequest, topic: CacheTopic, answerKey: string, spec: AnswerSpec, answer: PreparedAnswer): void {
    const url = request.raw.url;
    if (!isPreparedRead(request) || url === undefined || !cacheControlOf(spec, answer).startsWith('public')) return;
    const absent = (answer.headers?.vary ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter((name) => name !== '' && name !== 'accept-encoding');
    if (absent.includes('*') || absent.some((name) => request.headers[name] !== undefined)) return;
    const parameters =
      this.doorHeaders.get(spec.operationId) ??
      getContract()
        .headerNames(spec.operationId)
        .filter((name) => name !== 'if-none-match');
    this.doorHeaders.set(spec.operationId, parameters);
    if (!parameters.every((name) => absent.includes(name))) return;
    // Set again on every remember: after a change the same URL may name another answer.
    if (this.doorRoutes.size >= MAX_DOOR_URLS && !this.doorRoutes.has(url)) this.doorRoutes.clear();
    this.doorRoutes.set(url, { topic, answerKey, spec, absent });
  }

  /** Serves a value that is not kept (a filtered read), with its ETag all the same. */
  serveOnce(request: FastifyRequest, reply: FastifyReply, spec: AnswerSpec, value: unknown): void {
    this.send(request, reply, spec, this.prepare(spec, value));
  }

  /**
   * Sends the answer, or a 304. A kept answer of 1 kB or more goes out in the coding the client
   * prefers (br, then gzip), compressed once and kept beside it, each coding with its own strong
   * ETag; compressing it on every request (@fastify/compress) cost more than everything else.
   * Answers sent once are left to @fastify/compress.
   */
  private send(request: FastifyRequest, reply: FastifyReply, spec: AnswerSpec, answer: PreparedAnswer): void {
    markAnswered(reply);
    const negotiated = answer.encoded !== undefined && answer.body.length >= COMPRESS_FROM;
    const encoding = negotiated ? preferredEncoding(request.headers['accept-encoding']) : undefined;
    const representation = encoding ? (answer.encoded![encoding] ??= encode(answer.body, encoding)) : answer;
    const notModified = matches(request.headers['if-none-match'], representation.etag);
    const cacheControl = cacheControlOf(spec, answer);
    if (isPreparedRead(request)) {
      // A Cache-Control made per request is not among the lines made once.
      if (typeof spec.cacheControl !== 'string') void reply.header('cache-control', cacheControl);
      return this.write(reply, notModified, representation, (representation.head ??= head(spec, answer, representation, encoding, negotiated)));
    }
    void reply.header('etag', representation.etag).header('cache-control', cacheControl);
    if (answer.headers) void reply.headers(answer.headers);
    if (negotiated) void reply.header('vary', varyOf(answer));
    if (notModified) void reply.code(304).send();
    else {
      if (encoding) void reply.header('content-encoding', encoding);
      void reply.code(200).type(JSON_TYPE).send(representation.body);
    }
  }

  /**
   * The light path's answer: written straight to the socket with its header lines made once (the
   * security headers included), plus what this request's hooks set (its id, CORS), skipping
   * Fastify's send pipeline and the onSend hooks, which have nothing to do for prepared bytes.
   */
  private write(reply: FastifyReply, notModified: boolean, representation: Representation, lines: NonNullable<Representation['head']>): void {
    const own = reply.getHeaders();
    const extra: string[] = [];
    for (const name in own) {
      const value = own[name];
      if (value !== undefined) extra.push(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(
      notModified ? 304 : 200,
      extra.length ? [...(notModified ? lines.notModified : lines.ok), ...extra] : notModified ? lines.notModified : lines.ok,
    );
    raw.end(notModified ? undefined : representation.body);
  }

  private prepare(spec: AnswerSpec, value: unknown): PreparedAnswer {
    if (this.config.validateResponses) {
      const problem = getContract().checkResponse(spec.operationId, 200, value);
      if (problem) throw new Error(`Response of ${spec.operationId} does not match the contract: ${problem}`);
    }
    const body = Buffer.from(JSON.stringify(value));
    return { body, etag: entityTag(body), headers: spec.headers?.(value as never), expiresAt: spec.expiresAt?.(value as never) };
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

const TOPICS: ReadonlySet<string> = new Set(CACHE_TOPICS);

/**
 * Read-your-writes on the writing instance: the invalidation triggers note the topics a transaction
 * made stale in a transaction-local setting (invalidation-trigger.ts); it is read just before the
 * commit, and the topics are dropped here as soon as the commit returns, before the write is
 * answered. Other instances (and writes outside a transaction) wait for the NOTIFY, a moment later.
 * Nothing is read while no answer is kept.
 */
class OwnWrites implements EventSubscriber {
  private readonly stale = new WeakMap<object, CacheTopic[]>();

  constructor(private readonly cache: ReadCache) {}

  async beforeTransactionCommit({ em, transaction }: TransactionEventArgs): Promise<void> {
    if (!transaction || transaction.savepointName !== undefined || !this.cache.holdsAny() || this.cache.writesNone(transaction)) return;
    const [row] = await em
      .getConnection()
      .execute<{ topics: string | null }[]>(`select current_setting('${STALE_TOPICS_SETTING}', true) as topics`, [], 'all', transaction);
    const topics = (row?.topics ?? '').split(',').filter((t: string): t is CacheTopic => TOPICS.has(t));
    if (topics.length) this.stale.set(transaction, topics);
  }

  afterTransactionCommit({ transaction }: TransactionEventArgs): void {
    const topics = transaction && this.stale.get(transaction);
    if (topics) this.cache.invalidate(topics);
  }
}

const cacheControlOf = (spec: AnswerSpec, answer: PreparedAnswer) =>
  typeof spec.cacheControl === 'string' ? spec.cacheControl : spec.cacheControl(answer.expiresAt === undefined ? undefined : answer.expiresAt - Date.now());

const varyOf = (answer: PreparedAnswer) => (answer.headers?.vary ? `${answer.headers.vary}, Accept-Encoding` : 'Accept-Encoding');

/** The header lines of a representation on the light path: the same headers the pipeline sends. */
function head(spec: AnswerSpec, answer: PreparedAnswer, representation: Representation, encoding: Encoding | undefined, negotiated: boolean) {
  const common = [...SECURITY_HEADER_LINES, 'etag', representation.etag];
  if (typeof spec.cacheControl === 'string') common.push('cache-control', spec.cacheControl);
  for (const [name, value] of Object.entries(answer.headers ?? {})) if (!(negotiated && name.toLowerCase() === 'vary')) common.push(name, value);
  if (negotiated) common.push('vary', varyOf(answer));
  const ok = [...common, 'content-type', JSON_TYPE, 'content-length', String(representation.body.length)];
  if (encoding) ok.push('content-encoding', encoding);
  return { ok, notModified: common };
}

const entityTag = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;

/** Compressed once per answer, so at the highest level. */
function encode(body: Buffer, encoding: Encoding): Representation {
  const compressed =
    encoding === 'br'
      ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
      : gzipSync(body, { level: zlib.Z_BEST_COMPRESSION });
  return { body: compressed, etag: entityTag(compressed) };
}

/** Accept-Encoding values seen (few: each browser sends one), with the coding chosen for each. */
const chosen = new Map<string, Encoding | undefined>();

/** RFC 9110 Accept-Encoding: br or gzip, whichever has the higher weight (br on a tie), `*` standing for either. */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  if (chosen.has(header)) return chosen.get(header);
  const weights: Record<string, number> = {};
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.map((p) => /^q=([01](?:\.\d{0,3})?)$/.exec(p)).find(Boolean);
    weights[name] = q ? Number(q[1]) : 1;
  }
  let best: Encoding | undefined;
  for (const encoding of ['br', 'gzip'] as const) {
    const weight = weights[encoding] ?? weights['*'] ?? 0;
    if (weight > 0 && (!best || weight > (weights[best] ?? weights['*'] ?? 0))) best = encoding;
  }
  if (chosen.size >= 100) chosen.clear();
  chosen.set(header, best);
  return best;
}

/** RFC 9110 If-None-Match: `*`, or a list of tags compared weakly (W/ ignored). */
export function matches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  return value.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
