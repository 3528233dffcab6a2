import { Body, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth-user.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import type { Page } from '../database/list-query.js';
import { Operation } from './operation.decorator.js';
import { PathParams, QueryParams } from './params.decorator.js';
import { type ListParams, listQuery, sendPage } from './resource-list.js';

/**
 * What a resource's service offers to the standard handlers. `create`, `update` and `setState`
 * answer the record, its id or nothing (then it is read again: the contract answers the record).
 */
export interface ResourceService<Dto = unknown> {
  list(query: never): Promise<Page<Dto>>;
  get(id: never): Promise<Dto>;
  create?(input: never, actor: AuthUser): Promise<Dto | Id>;
  update?(id: never, input: never, actor: AuthUser): Promise<Dto | Id>;
  setState?(id: never, idstate: 0 | 1, actor: AuthUser, version?: number): Promise<Dto | void>;
}

/** The contract operations of a resource's standard handlers; the ones left out are not served. */
export interface ResourceOperations {
  /** The name in Content-Range (`feature-types 0-24/40`). */
  resource: string;
  /** Left out when the resource serves its list itself (e.g. from kept answers). */
  list?: string;
  get: string;
  create?: string;
  update?: string;
  setState?: string;
}

/** Record ids: numbers, or text for staff users. */
type Id = number | string;

type Input<F> = F extends (...args: never[]) => unknown ? Parameters<F> : never;

function maybe(operationId: string | undefined): MethodDecorator {
  return operationId ? Operation(operationId) : () => undefined;
}

/**
 * The base of a resource controller: list (with Content-Range), get, create, update and state
 * change bound to the named contract operations, each a one-line call of the service. Paths,
 * privileges and validation come from the contract through @Operation, as for any handler.
 *
 *   @Controller()
 *   export class FeatureTypeController extends ResourceController<FeatureTypeService>({ resource: 'feature-types', list: 'listFeatureTypes', ... }) {
 *     constructor(featureTypes: FeatureTypeService) { super(featureTypes); }
 *   }
 */
export function ResourceController<S extends ResourceService>(ops: ResourceOperations) {
  abstract class ResourceControllerBase {
    constructor(protected readonly service: S) {}

    @maybe(ops.list)
    async list(@QueryParams() query: ListParams<string, object>, @Res({ passthrough: true }) reply: FastifyReply) {
      // The contract interceptor has checked sort fields and filter against the operation's schema.
      const list = listQuery(query) as Input<S['list']>[0];
      return sendPage(reply, ops.resource, list, await this.service.list(list));
    }

    @maybe(ops.get)
    get(@PathParams() { id }: { id: Input<S['get']>[0] }) {
      return this.service.get(id);
    }

    @maybe(ops.create)
    async create(@Body() body: Input<S['create']>[0], @CurrentUser() actor: AuthUser) {
      return this.answer(await this.service.create!(body, actor));
    }

    @maybe(ops.update)
    async update(@PathParams() { id }: { id: Input<S['get']>[0] }, @Body() body: Input<S['update']>[1], @CurrentUser() actor: AuthUser) {
      return this.answer(await this.service.update!(id, body, actor));
    }

    @maybe(ops.setState)
    async setState(@PathParams() { id }: { id: Input<S['get']>[0] }, @Body() body: { idstate: 0 | 1; version?: number }, @CurrentUser() actor: AuthUser) {
      return this.answer(await this.service.setState!(id, body.idstate, actor, body.version), id);
    }

    /** The record as the service answered it, or read again when it answered an id or nothing. */
    private async answer(saved: unknown, id?: Input<S['get']>[0]): Promise<unknown> {
      if (typeof saved === 'number' || typeof saved === 'string') return this.service.get(saved as Input<S['get']>[0]);
      if (saved === undefined && id !== undefined) return this.service.get(id);
      return saved;
    }
  }
  return ResourceControllerBase;
}
