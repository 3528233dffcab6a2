import { Controller, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { getContract } from '../contract/contract.js';
import { Operation } from '../contract/operation.decorator.js';
import { DOCS_HTML } from './docs-page.js';

/** Renders the contract with Swagger UI (served from the installed swagger-ui-dist, no CDN). */
@Controller()
export class DocsController {
  /**
   * The bundled contract: one self-contained document, whatever files the source is split into.
   * Written on the first request (with the YAML library loaded then): at start it took ~0.3 s.
   */
  private contract?: string;

  @Operation('getDocs')
  docs(@Res() reply: FastifyReply) {
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(DOCS_HTML);
  }

  @Operation('getContractYaml')
  async yaml(@Res() reply: FastifyReply) {
    this.contract ??= (await import('yaml')).stringify(getContract().document, { lineWidth: 0 });
    void reply.type('application/yaml; charset=utf-8').header('cache-control', 'no-cache').send(this.contract);
  }
}
