import simpleRestProvider from 'ra-data-simple-rest';
import { type DataProvider, type fetchUtils } from 'react-admin';
import { authFetch } from './api';
import { networkError, toHttpError } from './httpErrors';

/** Base path of the resource API (ra-data-simple-rest conventions: sort, range, filter, Content-Range). */
export const RESOURCE_API = '/api/v1';

/**
 * ra-data-simple-rest's httpClient over the session fetch of @licencias/common: bearer token,
 * renewal, one refresh-and-retry on 401/403; failures become HttpError with a Spanish message.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (typeof options.body === 'string' && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  let response: Response;
  try {
    response = await authFetch(url, { method: options.method, body: options.body, signal: options.signal, headers });
  } catch (error) {
    throw networkError(error);
  }
  const body = await response.text();
  let json: unknown;
  try {
    json = body ? JSON.parse(body) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) throw toHttpError(response.status, json);
  return { status: response.status, headers: response.headers, body, json };
}

const rest = simpleRestProvider(RESOURCE_API, httpClient);

/**
 * Users are changed field by field, and always with the version that was read: the API answers
 * 409 when someone else changed the user in between (optimistic locking).
 */
function userChanges(params: { data: Partial<Record<string, unknown>>; previousData: Record<string, unknown> }) {
  const { enabled, roleCode } = params.data;
  return {
    ...(typeof enabled === 'boolean' ? { enabled } : {}),
    ...(typeof roleCode === 'string' ? { roleCode } : {}),
    version: params.previousData.version,
  };
}

export const dataProvider: DataProvider = {
  ...rest,
  update: (resource, params) => (resource === 'users' ? rest.update(resource, { ...params, data: userChanges(params) }) : rest.update(resource, params)),
};
