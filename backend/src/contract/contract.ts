import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import type { SchemaValidateFunction } from 'ajv/dist/types/index.js';
import addFormats from 'ajv-formats';
import localizeEsModule from 'ajv-i18n/localize/es/index.js';
import type { ErrorDetail } from '../errors/errors.js';
import { loadContractDocument } from './bundle.js';
import { CONTROL_CHARACTERS_MESSAGE, textProblem } from './control-characters.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
const METHODS: HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

type Json = Record<string, unknown>;

// The package's typings declare an ES default export, but the file is CommonJS (module.exports = fn).
type Localize = (errors?: ErrorObject[] | null) => void;
const localizeEs: Localize = (localizeEsModule as unknown as { default?: Localize }).default ?? (localizeEsModule as unknown as Localize);

interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Json;
  /** `content: { application/json: { schema } }`: the value is JSON text (the resource lists' sort, range, filter). */
  content?: Record<string, { schema?: Json } | undefined>;
}

type ParamLocation = 'path' | 'query' | 'header';

/** How the text of a parameter becomes the value its schema describes. */
type ParamKind = 'integer' | 'number' | 'boolean' | 'string' | 'json';

interface ParamSpec {
  /** The name in the contract, which is also the key of the converted value. */
  name: string;
  /** Where the raw text is: headers arrive lower-cased. */
  key: string;
  kind: ParamKind;
}

interface ParamGroup {
  specs: ParamSpec[];
  validate: Lazy;
}

/** A validator, compiled on the first call and kept. */
type Lazy = () => ValidateFunction;

// Digits only (an optional minus sign): `0x10`, `+1`, ` 1`, `1e3` or `1.0` are not integers here,
// although Number() and Ajv's type coercion would take them.
const INTEGER_TEXT = /^-?\d+$/;
const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/** The keyword `markStrings` puts on every string schema the requests are validated with. */
const TEXT_KEYWORD = 'x-text';

/**
 * Deep copy of the document in which every schema that admits a string carries the text keyword
 * (`line`, or `multiline` where the contract marks free text), so no string escapes the check.
 */
function markStrings<T>(node: T): T {
  if (Array.isArray(node)) return node.map(markStrings) as T;
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) out[key] = markStrings(value);
  const types = [out.type].flat();
  if (types.includes('string')) out[TEXT_KEYWORD] = out['x-multiline'] === true ? 'multiline' : 'line';
  return out as T;
}

/**
 * An Ajv holding the whole document (as `openapi`), so each schema compiled with it resolves its
 * $refs. The document itself is not checked against the JSON Schema meta-schema (none of an
 * OpenAPI document's own keys is a schema keyword); each schema compiled from it is.
 */
function documentAjv(document: Json, useDefaults: boolean): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true, coerceTypes: false, useDefaults, messages: false });
  addFormats.default(ajv);
  ajv.addSchema({ ...document, $id: 'openapi' } as Json, 'openapi', undefined, false);
  return ajv;
}

/** The document with the text keyword defined. */
function requestAjv(marked: Json, useDefaults: boolean): Ajv2020 {
  const ajv = documentAjv(marked, useDefaults);
  // The problem's own message rides in the error's params (ajv-i18n rewrites `message`).
  const validateText: SchemaValidateFunction = (mode: string, data: string) => {
    const problem = textProblem(data, mode === 'multiline');
    validateText.errors = problem ? [{ keyword: TEXT_KEYWORD, message: problem, params: { problem } }] : undefined;
    return problem === null;
  };
  ajv.addKeyword({ keyword: TEXT_KEYWORD, type: 'string', schemaType: 'string', errors: true, validate: validateText });
  return ajv;
}

/** What the rest of the backend knows about one contract operation. */
export interface OperationInfo {
  operationId: string;
  method: HttpMethod;
  /** Path as written in the contract, e.g. /api/v1/packages/{id} */
  path: string;
  /** The same path in router syntax, e.g. /api/v1/packages/:id */
  routePath: string;
  tags: string[];
  /** True when the operation declares `security: []`. */
  isPublic: boolean;
  /** True when its security is the external-sources token (audience `externalsources`) alone. */
  externalSources: boolean;
  /** Any one of these privileges grants access; empty means any signed-in user. */
  privileges: string[];
  /** Lowest 2xx status the contract declares. */
  successStatus: number;
  responseStatuses: number[];
  hasBody: boolean;
  /** The body may also come as a form (`application/x-www-form-urlencoded`, the OAuth token endpoint), checked by the same schema. */
  acceptsForm: boolean;
}

interface CompiledOperation {
  info: OperationInfo;
  params: Partial<Record<ParamLocation, ParamGroup>>;
  body?: Lazy;
  bodyRequired: boolean;
  /** By declared status: the validator of its JSON body, or null when it declares none. */
  responses: Map<string, Lazy | null>;
}

export interface RequestParts {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
  contentType?: string;
}

/** Path, query and header values converted to what their schemas describe, under their contract names. */
export interface ContractParams {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
}

export interface RequestValidation {
  problems: ErrorDetail[];
  /** Only the declared parameters, converted and with their defaults; meaningful when there are no problems. */
  values: ContractParams;
}

/** Deep copy in which local refs (#/...) point into the registered document (openapi#/...). */
function absolutize<T>(node: T): T {
  if (Array.isArray(node)) return node.map(absolutize) as T;
  if (node && typeof node === 'object') {
    const out: Json = {};
    for (const [key, value] of Object.entries(node as Json)) {
      out[key] = key === '$ref' && typeof value === 'string' && value.startsWith('#') ? `openapi${value}` : absolutize(value);
    }
    return out as T;
  }
  return node;
}

function toRoutePath(path: string): string {
  return path.replace(/\{([^}+]+)\+?\}/g, ':$1');
}

function fieldOf(location: string, error: ErrorObject): string {
  let path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    path = path ? `${path}.${missing}` : missing;
  } else if (error.keyword === 'additionalProperties') {
    const extra = (error.params as { additionalProperty: string }).additionalProperty;
    path = path ? `${path}.${extra}` : extra;
  }
  return path ? `${location}.${path}` : location;
}

const INVALID_JSON = Symbol('invalid JSON');

/** The value a parameter's text stands for; text that is not of the declared type stays text, so the schema refuses it. */
function convertParam(kind: ParamKind, raw: unknown): unknown {
  // A repeated query key arrives as an array: no parameter is declared as one, so it is refused.
  if (typeof raw !== 'string') return raw;
  switch (kind) {
    case 'integer':
      return INTEGER_TEXT.test(raw) ? Number(raw) : raw;
    case 'number':
      return NUMBER_TEXT.test(raw) ? Number(raw) : raw;
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : raw;
    case 'json':
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        return INVALID_JSON;
      }
    default:
      return raw;
  }
}

const FORM = /^application\/x-www-form-urlencoded\b/i;

/** Calls `make` once, on the first call, and keeps what it returned. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/**
 * The loaded openapi.yaml: the routing table of the application, the privilege rule of each
 * operation and the validators of requests and responses. A validator is compiled on the first
 * request (or response) that needs it and kept: compiling all of them took most of the start.
 */
export class Contract {
  readonly document: Json;
  /** The document with the text keyword on every string schema (see markStrings). */
  private readonly marked: Json;
  /** Validates responses against the document as written. */
  private readonly responsesAjv: () => Ajv2020;
  /**
   * Requests are validated with every string refusing control characters. Bodies as sent;
   * parameters are converted from text by their declared type (convertParam), then validated
   * without Ajv's loose coercion, with their defaults applied.
   */
  private readonly bodiesAjv: () => Ajv2020;
  private readonly paramsAjv: () => Ajv2020;
  private readonly byId = new Map<string, CompiledOperation>();
  private readonly byRoute = new Map<string, CompiledOperation>();

  constructor(document: Json) {
    this.document = document;
    this.marked = markStrings(document);
    this.responsesAjv = once(() => documentAjv(document, false));
    this.bodiesAjv = once(() => requestAjv(this.marked, false));
    this.paramsAjv = once(() => requestAjv(this.marked, true));

    const paths = absolutize((this.marked.paths ?? {}) as Record<string, Json>);
    for (const [path, item] of Object.entries(paths)) {
      const shared = (item.parameters ?? []) as ParameterObject[];
      for (const method of METHODS) {
        const op = item[method] as Json | undefined;
        if (!op) continue;
        const compiled = this.compile(path, method, op, shared);
        if (this.byId.has(compiled.info.operationId)) {
          throw new Error(`Duplicate operationId ${compiled.info.operationId}`);
        }
        const routeKey = Contract.routeKey(method, compiled.info.routePath);
        if (this.byRoute.has(routeKey)) throw new Error(`Two operations share ${method.toUpperCase()} ${path} (paths match case-insensitively)`);
        this.byId.set(compiled.info.operationId, compiled);
        this.byRoute.set(routeKey, compiled);
      }
    }
  }

  static routeKey(method: string, routePath: string): string {
    return `${method.toLowerCase()} ${routePath.toLowerCase()}`;
  }

  private resolve(ref: unknown): Json {
    let node = ref as Json;
    while (node && typeof node.$ref === 'string') {
      const pointer = (node.$ref as string).replace(/^(openapi)?#\//, '').split('/');
      node = absolutize(pointer.reduce<Json>((acc, key) => acc[key.replace(/~1/g, '/').replace(/~0/g, '~')] as Json, this.marked));
    }
    return node;
  }

  /** How the text of a parameter is converted, and the schema its value must then match. */
  private paramShape(p: ParameterObject): { kind: ParamKind; schema: Json } {
    const json = p.content?.['application/json']?.schema;
    if (json) return { kind: 'json', schema: json };
    const schema = p.schema ?? {};
    const resolved = this.resolve(schema);
    const types = [resolved.type].flat().filter((t): t is string => typeof t === 'string');
    const values = (resolved.enum as unknown[] | undefined) ?? [];
    const numericEnum = !types.length && values.length > 0 && values.every((v) => typeof v === 'number');
    const kind: ParamKind = types.includes('integer')
      ? 'integer'
      : types.includes('number')
        ? 'number'
        : types.includes('boolean')
          ? 'boolean'
          : numericEnum
            ? values.every((v) => Number.isInteger(v))
              ? 'integer'
              : 'number'
            : 'string';
    return { kind, schema };
  }

  /** Every validator of every operation, compiled now (a test proves the whole contract compiles). */
  compileAll(): void {
    for (const op of this.byId.values()) {
      for (const group of Object.values(op.params)) group.validate();
      op.body?.();
      for (const validate of op.responses.values()) validate?.();
    }
  }

  private compile(path: string, method: HttpMethod, op: Json, shared: ParameterObject[]): CompiledOperation {
    const operationId = op.operationId as string;
    if (!operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
    const security = op.security as unknown[] | undefined;
    const isPublic = Array.isArray(security) && security.length === 0;
    const externalSources = Array.isArray(security) && security.length > 0 && security.every((s) => Object.keys(s as object).join() === 'externalSourcesToken');
    const privileges = (op['x-privileges'] as string[] | undefined) ?? [];
    if (!isPublic && op['x-privileges'] === undefined) {
      throw new Error(`${operationId} must declare x-privileges or security: []`);
    }
    const declared = new Map<string, ParameterObject>();
    for (const p of [...shared, ...((op.parameters ?? []) as unknown[])].map((p) => this.resolve(p) as unknown as ParameterObject)) {
      declared.set(`${p.in}:${p.name}`, p);
    }
    const group = (location: ParamLocation): ParamGroup | undefined => {
      const list = [...declared.values()].filter((p) => p.in === location);
      if (!list.length) return undefined;
      const properties: Json = {};
      const required: string[] = [];
      const specs: ParamSpec[] = [];
      for (const p of list) {
        const { kind, schema } = this.paramShape(p);
        specs.push({ name: p.name, key: location === 'header' ? p.name.toLowerCase() : p.name, kind });
        properties[p.name] = schema;
        if (p.required) required.push(p.name);
      }
      return { specs, validate: once(() => this.paramsAjv().compile({ type: 'object', properties, required })) };
    };
    const requestBody = this.resolve(op.requestBody);
    const jsonBody = (requestBody?.content as Json | undefined)?.['application/json'] as Json | undefined;
    const responses = new Map<string, Lazy | null>();
    const statuses: number[] = [];
    for (const [status, response] of Object.entries((op.responses ?? {}) as Json)) {
      const resolved = this.resolve(response);
      statuses.push(Number(status));
      const content = (resolved.content ?? {}) as Json;
      const json = content['application/json'] as Json | undefined;
      const schema = json?.schema as Json | undefined;
      responses.set(status, schema ? once(() => this.responsesAjv().compile(schema)) : null);
    }
    const success = statuses.filter((s) => s >= 200 && s < 300).sort((a, b) => a - b)[0] ?? 200;
    const params: CompiledOperation['params'] = {};
    const bodySchema = jsonBody?.schema as Json | undefined;
    for (const location of ['path', 'query', 'header'] as const) {
      const compiled = group(location);
      if (compiled) params[location] = compiled;
    }
    return {
      info: {
        operationId,
        method,
        path,
        routePath: toRoutePath(path),
        tags: (op.tags as string[]) ?? [],
        isPublic,
        externalSources,
        privileges,
        successStatus: success,
        responseStatuses: statuses,
        hasBody: !!jsonBody,
        acceptsForm: !!(requestBody?.content as Json | undefined)?.['application/x-www-form-urlencoded'],
      },
      params,
      body: bodySchema ? once(() => this.bodiesAjv().compile(bodySchema)) : undefined,
      bodyRequired: !!requestBody?.required,
      responses,
    };
  }

  operations(): OperationInfo[] {
    return [...this.byId.values()].map((c) => c.info);
  }

  operation(operationId: string): OperationInfo {
    const found = this.byId.get(operationId);
    if (!found) throw new Error(`Operation ${operationId} is not in openapi.yaml`);
    return found.info;
  }

  /** Whether the operation declares path, query or header parameters (a request without any needs no validation). */
  hasParameters(operationId: string): boolean {
    const found = this.byId.get(operationId);
    if (!found) throw new Error(`Operation ${operationId} is not in openapi.yaml`);
    return Object.keys(found.params).length > 0;
  }

  /** The header parameters the operation declares, lower case (If-None-Match included). */
  headerNames(operationId: string): string[] {
    const found = this.byId.get(operationId);
    if (!found) throw new Error(`Operation ${operationId} is not in openapi.yaml`);
    return (found.params.header?.specs ?? []).map((spec) => spec.key);
  }

  findByRoute(method: string, routePath: string): OperationInfo | undefined {
    return this.byRoute.get(Contract.routeKey(method, routePath))?.info;
  }

  /**
   * Validates a request: parameters are converted from their text by their declared type (digits
   * only for integers, JSON for `content: application/json`) and checked with their defaults
   * applied; the body is checked as sent. Returns every problem with its field, and the converted
   * values of the declared parameters (nothing undeclared is passed on).
   */
  validateRequest(operationId: string, parts: RequestParts): RequestValidation {
    const op = this.byId.get(operationId);
    if (!op) throw new Error(`Operation ${operationId} is not in openapi.yaml`);
    const problems: ErrorDetail[] = [];
    const report = (validate: ValidateFunction, location: string) => {
      const errors = validate.errors ?? [];
      localizeEs(errors);
      // An enum's bounds (declared for the OWASP lint) say nothing the enum's own message does not.
      const enums = new Set(errors.filter((e) => e.keyword === 'enum').map((e) => e.instancePath));
      const seen = new Set<string>();
      for (const error of errors) {
        if (error.keyword === 'if') continue;
        if ((error.keyword === 'minimum' || error.keyword === 'maximum') && enums.has(error.instancePath)) continue;
        // ajv-i18n's Spanish has a typo ("deber ser") in some messages.
        const description =
          error.keyword === TEXT_KEYWORD
            ? String(error.params.problem ?? CONTROL_CHARACTERS_MESSAGE)
            : (error.message ?? 'valor no válido').replace(/^deber ser/, 'debe ser');
        const field = fieldOf(location, error);
        // The same rule reached through two schemas (allOf) is one problem.
        if (seen.has(`${field}\n${description}`)) continue;
        seen.add(`${field}\n${description}`);
        problems.push({ field, description });
      }
    };
    const values: ContractParams = { path: {}, query: {}, headers: {} };
    const sources: Record<ParamLocation, [Record<string, unknown>, Record<string, unknown>]> = {
      path: [parts.params, values.path],
      query: [parts.query, values.query],
      header: [parts.headers, values.headers],
    };
    for (const location of ['path', 'query', 'header'] as const) {
      const group = op.params[location];
      if (!group) continue;
      const [raw, converted] = sources[location];
      for (const spec of group.specs) {
        if (!Object.hasOwn(raw, spec.key) || raw[spec.key] === undefined) continue;
        const value = convertParam(spec.kind, raw[spec.key]);
        if (value === INVALID_JSON) problems.push({ field: `${location}.${spec.name}`, description: 'debe ser JSON válido' });
        else converted[spec.name] = value;
      }
      const validate = group.validate();
      if (!validate(converted)) report(validate, location);
    }
    if (op.body) {
      const empty = parts.body === undefined || parts.body === null || parts.body === '';
      if (empty) {
        if (op.bodyRequired) problems.push({ field: 'body', description: 'el cuerpo de la solicitud es obligatorio' });
      } else if (parts.contentType && !/json/i.test(parts.contentType) && !(op.info.acceptsForm && FORM.test(parts.contentType))) {
        problems.push({ field: 'body', description: 'el cuerpo debe enviarse como application/json' });
      } else {
        const validate = op.body();
        if (!validate(parts.body)) report(validate, 'body');
      }
    }
    return { problems, values };
  }

  /** Returns a description of how a response departs from the contract, or null when it conforms. */
  checkResponse(operationId: string, status: number, body: unknown): string | null {
    const op = this.byId.get(operationId);
    if (!op) return `operation ${operationId} is not in the contract`;
    const key = op.responses.has(String(status))
      ? String(status)
      : op.responses.has(`${String(status)[0]}XX`)
        ? `${String(status)[0]}XX`
        : op.responses.has('default')
          ? 'default'
          : undefined;
    if (!key) return `${operationId} does not declare status ${status}`;
    const validate = op.responses.get(key)?.();
    if (!validate) return null;
    if (validate(body)) return null;
    return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.keyword} ${JSON.stringify(e.params)}`).join('; ');
  }
}

// Loaded once per process (the build's bundle while its files are unchanged, see bundle.ts), before
// any module that binds routes (decorators run at import time).
const bundledDocument = await loadContractDocument();
let loaded: Contract | undefined;

/** The process-wide contract. */
export function getContract(): Contract {
  loaded ??= new Contract(bundledDocument);
  return loaded;
}
