#!/usr/bin/env node
// Writes common/src/schema.ts from the contract: openapi-typescript over the document Redocly bundles
// from openapi.yaml and api/ (the one the backend loads and serves).
//
// openapi-typescript types a parameter declared with `content: application/json` (the resource
// lists' sort, range and filter) as a plain string. Such a parameter is JSON text on the wire, which
// the backend parses and validates before a handler sees it and which the browser client serializes
// from a value, so here it gets the type of its JSON content.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle, createConfig } from '@redocly/openapi-core';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const output = join(root, 'common/src/schema.ts');

const { bundle: bundled, problems } = await bundle({ ref: join(root, 'openapi.yaml'), config: await createConfig({}) });
const errors = problems.filter((p) => p.severity === 'error');
if (errors.length) {
  for (const p of errors) console.error(`${p.message} (${p.location[0]?.source.absoluteRef ?? ''})`);
  process.exit(1);
}
const document = bundled.parsed;

function typeJsonParameters(parameters) {
  for (const parameter of parameters ?? []) {
    const json = parameter?.content?.['application/json']?.schema;
    if (json && !parameter.schema) parameter.schema = json;
  }
}
typeJsonParameters(Object.values(document.components?.parameters ?? {}));
for (const item of Object.values(document.paths ?? {})) {
  typeJsonParameters(item.parameters);
  for (const operation of Object.values(item))
    if (operation && typeof operation === 'object' && 'responses' in operation) typeJsonParameters(operation.parameters);
}

const ast = await openapiTS(document);
writeFileSync(output, COMMENT_HEADER + astToString(ast));
console.log(`openapi.yaml → ${output.slice(root.length + 1)}`);
