/**
 * Writes the API's OpenAPI document, as the server builds it, to the file named (or prints it),
 * without a database or a server: the routes only close over their dependencies, so they are
 * built here with stand-ins that refuse to be used. `npm run lint:api` lints the file it writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { referenceContracts } from '@shared/contracts/reference';
import { type RouteDependencies } from '../server/app-context';
import { loadConfig } from '../server/config';
import { apiRoutes } from '../server/routes';

/** A dependency no route may touch while it is built (only when it handles a request). */
function standIn(name: string): never {
  return new Proxy(
    {},
    {
      get: (_target, property) => {
        throw new Error(`${name}.${String(property)} was used while the routes were built`);
      },
    },
  ) as never;
}

// The defaults: of the configuration, the document shows only the step-up window.
const config = loadConfig({});
const dependencies: RouteDependencies = {
  config,
  db: standIn('db'),
  database: standIn('database'),
  passport: standIn('passport'),
  logger: standIn('logger'),
  paymentProvider: standIn('paymentProvider'),
  sessionStore: standIn('sessionStore'),
  jobs: standIn('jobs'),
  notificationHub: standIn('notificationHub'),
};

// The document exactly as the server answers it at GET /api/openapi.json: its own handler's.
const served = apiRoutes(dependencies).find((route) => route.id === referenceContracts.document.id);
const document: unknown = await served?.handle({} as never);
if (typeof document !== 'object' || document === null || !('openapi' in document)) {
  throw new Error(`${referenceContracts.document.id} did not answer the OpenAPI document`);
}

const text = `${JSON.stringify(document, null, 2)}\n`;
const [target] = process.argv.slice(2);
if (target) {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, text);
} else process.stdout.write(text);
