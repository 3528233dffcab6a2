import type { operations } from '@licencias/common/schema';

/** Request and response types of a contract operation, from the generated schema. */
type Op<K extends keyof operations> = operations[K];

type JsonContent<T> = T extends { content: { 'application/json': infer B } } ? B : never;

export type OpBody<K extends keyof operations> = Op<K> extends { requestBody?: infer R } ? JsonContent<NonNullable<R>> : never;
export type OpQuery<K extends keyof operations> = Op<K> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
export type OpPath<K extends keyof operations> = Op<K> extends { parameters: { path?: infer P } } ? NonNullable<P> : never;
export type OpHeaders<K extends keyof operations> = Op<K> extends { parameters: { header?: infer H } } ? NonNullable<H> : never;
export type OpResponse<K extends keyof operations, S extends number = 200> =
  Op<K> extends { responses: infer R } ? (S extends keyof R ? JsonContent<R[S]> : never) : never;
