import { createRequire } from 'node:module';
import express, { type RequestHandler } from 'express';
import { referenceContracts as contracts } from '@shared/contracts/reference';
import { type ApiRoute, implement } from '../lib/api-route';
import { openApiDocument } from '../lib/openapi';
import { findProjectRoot } from '../lib/project-root';

const require = createRequire(import.meta.url);

function packageVersion(): string {
  const { version } = require(`${findProjectRoot()}/package.json`) as { version: string };
  return version;
}

/** Swagger UI's own files (scripts, styles), served beside the reference page. */
export function apiReferenceAssets(): RequestHandler {
  // The package's own entry loads Swagger UI's whole bundle into the server; only its folder is needed.
  const getAbsoluteFSPath = require('swagger-ui-dist/absolute-path.js') as () => string;
  return express.static(getAbsoluteFSPath(), { index: false, redirect: false, maxAge: '1d' });
}

// The page loads Swagger UI and points it at the document: no inline script, so the app's
// Content-Security-Policy (scripts from this origin only) holds here too.
const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>mark.it API reference</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <main id="swagger-ui"></main>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>
`;

const START_SCRIPT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });\n`;

/** The API's own description: the OpenAPI document and a page to read it. */
export function referenceRoutes(
  routes: readonly ApiRoute[],
  options: { stepUpMaxAgeSeconds: number },
): ApiRoute[] {
  const reference: ApiRoute[] = [
    implement(contracts.document, () => document),
    implement(contracts.page, ({ response }) => {
      response.type('html').send(REFERENCE_PAGE);
    }),
    implement(contracts.pageScript, ({ response }) => {
      response.type('js').send(START_SCRIPT);
    }),
  ];
  const document = openApiDocument([...routes, ...reference], {
    version: packageVersion(),
    stepUpMaxAgeSeconds: options.stepUpMaxAgeSeconds,
  });
  return reference;
}
