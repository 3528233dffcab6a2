/// <reference lib="dom" />
// The function below runs in the browser (serialised into /docs/assets/docs-init.js): it needs
// the DOM's types to be checked like the rest of the code.

/** The title of the contract (info.title) and of its page. */
const DOCS_TITLE = 'API de licencias y paquetes';

/**
 * The reference page: Swagger UI from the installed swagger-ui-dist (no CDN), the licence app's
 * favicon, and the two labels Swagger UI draws from its stylesheet put in Spanish.
 */
export const DOCS_HTML = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${DOCS_TITLE}</title>
<link rel="icon" type="image/svg+xml" href="/api/v1/brands/license/favicon">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<style>
.swagger-ui .parameter__name.required:after { content: "obligatorio"; }
.swagger-ui .loading-container .loading:after { content: "cargando"; }
</style>
</head>
<body>
<div id="docs"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/docs-init.js"></script>
</body>
</html>`;

/**
 * Swagger UI's own words (it has no translations): each text, matched whole, and its Spanish.
 * The contract's texts are Spanish already; a whole-text match leaves them alone.
 */
const SWAGGER_UI_TEXTS: Record<string, string> = {
  Authorize: 'Autorizar',
  Authorized: 'Autorizado',
  'Available authorizations': 'Autorizaciones disponibles',
  // The OAuth 2.0 dialog of the partners' client-credentials scheme.
  'Authorization header': 'Encabezado Authorization',
  'Client credentials location:': 'Dónde van las credenciales del cliente:',
  'Flow:': 'Flujo:',
  'Scopes:': 'Privilegios:',
  'Token URL:': 'URL del token:',
  'select all': 'todos',
  'select none': 'ninguno',
  Cancel: 'Cancelar',
  Clear: 'Limpiar',
  Close: 'Cerrar',
  Code: 'Código',
  'Collapse all': 'Contraer todo',
  'Expand all': 'Expandir todo',
  Description: 'Descripción',
  Details: 'Detalles',
  Download: 'Descargar',
  'Edit Value': 'Editar valor',
  Example: 'Ejemplo',
  'Example Description': 'Descripción del ejemplo',
  Examples: 'Ejemplos',
  Extensions: 'Extensiones',
  'Headers:': 'Encabezados:',
  Hide: 'Ocultar',
  'Example Value': 'Valor de ejemplo',
  Execute: 'Ejecutar',
  'Failed to load API definition.': 'No se pudo cargar la definición de la API.',
  Links: 'Enlaces',
  'No links': 'Sin enlaces',
  Logout: 'Cerrar sesión',
  'Media type': 'Tipo de contenido',
  Name: 'Nombre',
  'No parameters': 'Sin parámetros',
  'Parameter content type': 'Tipo de contenido del parámetro',
  Parameters: 'Parámetros',
  'Request URL': 'URL de la petición',
  'Request duration': 'Duración de la petición',
  'Request body': 'Cuerpo de la petición',
  Reset: 'Restablecer',
  'Response body': 'Cuerpo de la respuesta',
  'Response content type': 'Tipo de contenido de la respuesta',
  'Response headers': 'Encabezados de la respuesta',
  Responses: 'Respuestas',
  Schema: 'Esquema',
  Schemas: 'Esquemas',
  'Send empty value': 'Enviar valor vacío',
  'Server response': 'Respuesta del servidor',
  'Server variables': 'Variables del servidor',
  Servers: 'Servidores',
  'Try it out': 'Probar',
  Undocumented: 'Sin documentar',
  'Value:': 'Valor:',
};

/** Runs in the browser: translates Swagger UI's words as it draws them. */
function translateSwaggerUi(texts: Record<string, string>): void {
  const translateText = (node: Node) => {
    const text = node.nodeValue?.trim();
    const spanish = text ? texts[text] : undefined;
    if (spanish && node.nodeValue) node.nodeValue = node.nodeValue.replace(text!, spanish);
  };
  const translate = (root: Node) => {
    if (root.nodeType === Node.TEXT_NODE) return translateText(root);
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) translateText(node);
  };
  const docs = document.getElementById('docs');
  if (!docs) return;
  translate(docs);
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'characterData') translateText(record.target);
      record.addedNodes.forEach(translate);
    }
  }).observe(docs, { childList: true, subtree: true, characterData: true });
}

/**
 * /docs/assets/docs-init.js (a file, so the CSP needs no inline script). Tag names are
 * identifiers (links to a section use them); their `x-displayName` is what the heading shows.
 */
export function docsInitScript(contract: { tags?: { name: string; 'x-displayName'?: string }[] }): string {
  const headings = Object.fromEntries((contract.tags ?? []).filter((tag) => tag['x-displayName']).map((tag) => [tag.name, tag['x-displayName']]));
  return `(${translateSwaggerUi.toString()})(${JSON.stringify({ ...SWAGGER_UI_TEXTS, ...headings })});
window.ui = SwaggerUIBundle({ url: '/openapi.yaml', dom_id: '#docs', deepLinking: true, persistAuthorization: true, tryItOutEnabled: true });`;
}
