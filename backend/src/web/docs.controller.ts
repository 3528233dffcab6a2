import { Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { stringify } from 'yaml';
import { getContract } from '../contract/contract.js';
import { Operation } from '../contract/operation.decorator.js';

const DOCS_HTML = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Licencias API</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
<div id="docs"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/docs-init.js"></script>
</body>
</html>`;

/** Renders the contract with Swagger UI (served from the installed swagger-ui-dist, no CDN). */
@Controller()
export class DocsController {
  /** The bundled contract: one self-contained document, whatever files the source is split into. */
  private readonly contract = stringify(getContract().document, { lineWidth: 0 });

  @Operation('getDocs')
  docs(@Res() reply: FastifyReply) {
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(DOCS_HTML);
  }

  @Operation('getContractYaml')
  yaml(@Res() reply: FastifyReply) {
    void reply.type('application/yaml; charset=utf-8').header('cache-control', 'no-cache').send(this.contract);
  }
}
