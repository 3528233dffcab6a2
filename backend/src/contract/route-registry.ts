import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
}

const registry = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Records every route Fastify registers, so the contract test can compare them with openapi.yaml. */
export function recordRoutes(fastify: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  registry.set(fastify, routes);
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method: String(method), url: route.url });
  });
}

export function routesOf(fastify: FastifyInstance): RegisteredRoute[] {
  return registry.get(fastify) ?? [];
}
