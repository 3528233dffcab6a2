/**
 * What the mocked API client (openapi-fetch's `api.GET`/`api.POST`) resolves to for a status and
 * body: `data` below 400, `error` from 400 on, and the response carrying the status.
 */
export const apiAnswer = (status: number, body: unknown) => ({
  data: status < 400 ? body : undefined,
  error: status >= 400 ? body : undefined,
  response: new Response(null, { status }),
});
