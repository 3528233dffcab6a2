/**
 * Module boundaries of the backend (docs/architecture.md, "Module boundaries"): a domain
 * (backend/src/<domain>/) reaches another domain only through that domain's service, its Nest
 * module or its public types (`*.service.ts`, `*.module.ts`, `*.types.ts`), never its
 * repository, entities, rules or mappers. Cross-cutting modules may be used by every domain and
 * may use every domain. Entities may name other domains' entities: those are the foreign keys of
 * the schema, declared where MikroORM needs them.
 */
const CROSS_CUTTING = '(config|database|contract|auth|errors|events|cache|web|seed|test-support|health|xlsx)';
const PUBLIC = '[.](service|module|types)[.]ts$';
const ENTITY = '[.]entit(y|ies)[.]ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-through-its-service',
      comment: 'A domain uses another domain only through its *.service.ts, *.module.ts or *.types.ts (docs/architecture.md, Module boundaries).',
      severity: 'error',
      from: { path: '^backend/src/([^/]+)/', pathNot: [`^backend/src/${CROSS_CUTTING}/`, ENTITY] },
      to: { path: '^backend/src/[^/]+/', pathNot: ['^backend/src/$1/', `^backend/src/${CROSS_CUTTING}/`, PUBLIC] },
    },
    {
      name: 'entity-relations-only',
      comment: "An entity names only other domains' entities (its foreign keys).",
      severity: 'error',
      from: { path: [`^backend/src/([^/]+)/.*${ENTITY}`] },
      to: { path: '^backend/src/[^/]+/', pathNot: ['^backend/src/$1/', `^backend/src/${CROSS_CUTTING}/`, ENTITY] },
    },
    {
      name: 'no-circular-modules',
      comment: 'Domains do not depend on each other in a circle.',
      severity: 'error',
      from: { path: '^backend/src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '(^|/)node_modules/'] },
    includeOnly: '^backend/src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'backend/tsconfig.json' },
  },
};
