/**
 * The JSON body of a request exactly as it arrived, for the endpoints whose signature covers the
 * bytes (PagueATiempo's notification): re-serialising the parsed body would not reproduce them.
 * Kept by the application's JSON parser (app.ts), forgotten with the request.
 */
const rawBodies = new WeakMap<object, string>();

export function keepRawBody(request: object, text: string): void {
  rawBodies.set(request, text);
}

export function rawBodyOf(request: object): string | undefined {
  return rawBodies.get(request);
}
