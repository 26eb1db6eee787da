import escapeHtml from 'escape-html'

/**
 * Starts Swagger UI on the document; no validator badge, which would call a public service. Tags
 * start collapsed: with every one open at once, Swagger UI 5 stops rendering partway through a
 * document of this size, and a reader wants one resource at a time anyway.
 */
export const REFERENCE_SCRIPT = `window.addEventListener('load', function () {
  var root = document.getElementById('swagger-ui')
  window.ui = SwaggerUIBundle({
    url: root.getAttribute('data-openapi-url'),
    domNode: root,
    deepLinking: true,
    displayOperationId: true,
    defaultModelsExpandDepth: 0,
    docExpansion: 'none',
    validatorUrl: null
  })
})
`

/** Scripts and styles from this site only; Swagger UI sets inline styles on its elements. */
export const REFERENCE_PAGE_CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'"

/** The API reference page: Swagger UI, from this site's assets, rendering the OpenAPI document. */
export function referencePage (basePath: string): string {
  const base = escapeHtml(basePath)
  const assets = `${base}/docs/assets`
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>API reference · Management control plane</title>
  <link rel="stylesheet" href="${assets}/swagger-ui.css">
  <link rel="icon" type="image/png" href="${assets}/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui" data-openapi-url="${base}/openapi.json"></div>
  <script src="${assets}/swagger-ui-bundle.js"></script>
  <script src="${assets}/reference.js"></script>
</body>
</html>
`
}
