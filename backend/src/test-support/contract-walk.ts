import { getContract } from '../contract/contract.js';

/**
 * Reading the contract the app runs on, for the tests generated from it (edge.api.spec,
 * hostile-values.api.spec): every operation with its parameters and JSON body schema resolved,
 * schemas with their $refs followed, and a request path with a value for each path parameter.
 */
export type Json = Record<string, unknown>;

const document = () => getContract().document as Json & { paths: Record<string, Json> };

/** The node a `$ref` names (followed until it is not a reference). */
export function resolveRef(node: unknown): Json {
  let schema = (node ?? {}) as Json;
  while (typeof schema.$ref === 'string') schema = (schema.$ref.slice(2).split('/') as string[]).reduce<Json>((acc, key) => acc[key] as Json, document());
  return schema;
}

/** A schema with its $refs followed and its allOf parts merged; oneOf/anyOf read as their first non-null choice. */
export function schemaOf(node: unknown): Json {
  let schema = resolveRef(node);
  const choice = ((schema.oneOf ?? schema.anyOf) as Json[] | undefined)?.find((s) => schemaOf(s).type !== 'null');
  if (choice) schema = { ...schema, ...schemaOf(choice) };
  const parts = ((schema.allOf ?? []) as Json[]).map(schemaOf);
  return parts.reduce<Json>(
    (merged, part) => ({
      ...part,
      ...merged,
      properties: { ...(part.properties as Json), ...(merged.properties as Json) },
      required: [...((part.required as string[]) ?? []), ...((merged.required as string[]) ?? [])],
    }),
    schema,
  );
}

/** The schema's type other than null. */
export const typeOf = (schema: Json) => [schema.type].flat().find((type) => type !== 'null') as string | undefined;

/** An integer, or an enum of integers (ids and codes in paths). */
export const isIntegerSchema = (schema: Json) => typeOf(schema) === 'integer' || (Array.isArray(schema.enum) && schema.enum.every(Number.isInteger));

/** Every operation of the contract, its parameters (path item's and its own) resolved, and its JSON body schema. */
export function contractOperations() {
  return getContract()
    .operations()
    .map((op) => {
      const item = document().paths[op.path] as Json;
      const operation = item[op.method] as Json;
      const parameters = [...((item.parameters ?? []) as Json[]), ...((operation.parameters ?? []) as Json[])].map(resolveRef);
      const content = (schemaOf(operation.requestBody).content as Record<string, Json> | undefined)?.['application/json'];
      return { ...op, parameters, bodySchema: content?.schema as Json | undefined };
    });
}

export type WalkedOperation = ReturnType<typeof contractOperations>[number];

/**
 * The operation's path with a value in each path parameter: `integer` in integer ones, an enum's
 * first value, 'license' for an app name, `text` (URL-encoded) for any other string.
 */
export function pathOf(op: WalkedOperation, { integer = '1', text = 'prueba' }: { integer?: string; text?: string } = {}): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const parameter = op.parameters.find((p) => p.in === 'path' && p.name === name) as Json;
    const schema = schemaOf(parameter.schema);
    if (isIntegerSchema(schema)) return integer;
    if (Array.isArray(schema.enum)) return encodeURIComponent(String(schema.enum[0]));
    return name === 'appName' ? 'license' : encodeURIComponent(text.toWellFormed());
  });
}
