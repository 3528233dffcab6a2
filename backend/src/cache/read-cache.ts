import { createHash } from 'node:crypto';
import { RequestContext } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/sql';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { getContract } from '../contract/contract.js';
import { markAnswered } from '../contract/contract.interceptor.js';
import { EventBus } from '../events/event-bus.js';
import type { CacheTopic } from '../events/events.js';

/** An answer serialized once: its bytes and their entity tag. */
export interface PreparedAnswer {
  body: Buffer;
  etag: string;
  headers?: Record<string, string>;
}

/** What a prepared answer is: the operation whose 200 it is, and how long clients may keep it. */
export interface AnswerSpec {
  operationId: string;
  /** The Cache-Control header: `public, ...` for public data. */
  cacheControl: string;
  /** Headers that go with the answer (e.g. Content-Range), from its value. */
  headers?: (value: never) => Record<string, string>;
}

/**
 * Answers of reads that change rarely (reference data, brands, parameters), serialized once and
 * kept until an event of the change that affects them: `cache.invalidated` is published inside the
 * writing transaction and reaches every instance through the EventBus (PostgreSQL NOTIFY after
 * commit), this one included. Each answer carries a strong ETag; `If-None-Match` gets a 304.
 */
@Injectable()
export class ReadCache implements OnModuleInit {
  private readonly logger = new Logger('ReadCache');
  /** topic -> key -> an answer or a value, being prepared or prepared. */
  private readonly entries = new Map<CacheTopic, Map<string, Promise<unknown>>>();

  constructor(
    private readonly events: EventBus,
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.events.subscribe((event) => {
      if (event.type === 'cache.invalidated') this.invalidate(event.topics);
    });
  }

  /** Drops the answers of these topics; the next read prepares them again from the database. */
  invalidate(topics: readonly CacheTopic[]): void {
    for (const topic of topics) this.entries.delete(topic);
    this.logger.debug(`Invalidated ${topics.join(', ')}`);
  }

  /**
   * The value of `topic`/`key`, built by `build` on first use (one build at a time per key) and
   * kept until the topic is invalidated. A failed build is not kept. It runs in an ORM context of
   * its own: prepared reads (@PreparedRead) are served without one.
   */
  value<T>(topic: CacheTopic, key: string, build: () => Promise<T>): Promise<T> {
    let byKey = this.entries.get(topic);
    if (!byKey) this.entries.set(topic, (byKey = new Map()));
    const cached = byKey.get(key);
    if (cached) return cached as Promise<T>;
    const building = RequestContext.create(this.orm.em, build);
    byKey.set(key, building);
    building.catch(() => {
      if (this.entries.get(topic)?.get(key) === building) this.entries.get(topic)?.delete(key);
    });
    return building;
  }

  /**
   * Serves the answer of a read from its prepared bytes (prepared on first use from `build`, kept
   * until the topic is invalidated), or a 304 when the client holds it already. The value is
   * checked against the operation's 200 response once, when prepared, where responses are
   * validated (outside production).
   */
  async serve<T>(request: FastifyRequest, reply: FastifyReply, topic: CacheTopic, key: string, spec: AnswerSpec, build: () => Promise<T>): Promise<void> {
    const answer = await this.value(topic, `answer:${spec.operationId}:${key}`, async () => this.prepare(spec, await build()));
    this.send(request, reply, spec, answer);
  }

  /** Serves a value that is not kept (a filtered read), with its ETag all the same. */
  serveOnce(request: FastifyRequest, reply: FastifyReply, spec: AnswerSpec, value: unknown): void {
    this.send(request, reply, spec, this.prepare(spec, value));
  }

  private send(request: FastifyRequest, reply: FastifyReply, spec: AnswerSpec, { body, etag, headers }: PreparedAnswer): void {
    markAnswered(reply);
    void reply.header('etag', etag).header('cache-control', spec.cacheControl);
    if (headers) void reply.headers(headers);
    if (matches(request.headers['if-none-match'], etag)) void reply.code(304).send();
    else void reply.code(200).type('application/json; charset=utf-8').send(body);
  }

  private prepare(spec: AnswerSpec, value: unknown): PreparedAnswer {
    if (this.config.validateResponses) {
      const problem = getContract().checkResponse(spec.operationId, 200, value);
      if (problem) throw new Error(`Response of ${spec.operationId} does not match the contract: ${problem}`);
    }
    const body = Buffer.from(JSON.stringify(value));
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    return { body, etag, headers: spec.headers?.(value as never) };
  }
}

/** RFC 9110 If-None-Match: `*`, or a list of tags compared weakly (W/ ignored). */
export function matches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  return value.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
