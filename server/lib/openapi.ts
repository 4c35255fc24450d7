import { z } from 'zod';
import { API_ERROR_CODES } from '@shared/api';
import { type ApiRoute } from './api-route';

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), as a client sends or receives it. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Transforms and refinements have no JSON Schema: the shape they apply to is described.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

/** `/friends/:id` as OpenAPI writes it: `/api/friends/{id}`. */
export const openApiPath = (path: string) => `/api${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

function parametersOf(schema: z.ZodType | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input');
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return {
      name,
      in: location,
      required: location === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: propertySchema,
    };
  });
}

/** An upload's multipart form: the file, and the fields its route's `body` schema reads. */
function uploadFormOf(fields: z.ZodType | undefined): JsonSchema {
  const form = fields ? jsonSchema(fields, 'input') : {};
  return {
    type: 'object',
    properties: {
      file: { type: 'string', contentMediaType: 'image/*' },
      ...((form.properties ?? {}) as Record<string, JsonSchema>),
    },
    required: ['file', ...((form.required ?? []) as string[])],
  };
}

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** When a `stepUp` route asks for a recent proof: always, or the condition it documents. */
const stepUpCondition = (route: ApiRoute) =>
  route.stepUp === undefined ? null : route.stepUp === true ? 'always' : route.stepUp.description;

/** The window in words, for the reference: '15 minutes', '90 seconds'. */
function ageInWords(seconds: number): string {
  if (seconds % 60 !== 0) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = seconds / 60;
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function stepUpNote(route: ApiRoute, maxAgeSeconds: number): string | null {
  const when = stepUpCondition(route);
  if (when === null) return null;
  return (
    `Asks for a recent proof of who you are${when === 'always' ? '' : ` ${when}`}: 403 with ` +
    `\`code: 'STEP_UP_REQUIRED'\` when the last sign-in or \`POST /api/user/confirm-identity\` ` +
    `is older than ${ageInWords(maxAgeSeconds)}; confirm, then send the request again.` +
    (route.walletPinProves
      ? ' A wallet PIN confirmed within that time is enough here.'
      : ' A wallet PIN is not enough: the password or an authentication code is.')
  );
}

function responsesOf(route: ApiRoute) {
  const { answer } = route;
  const responses: Record<string, unknown> = {};
  switch (answer.kind) {
    case 'json': {
      const content = { 'application/json': { schema: jsonSchema(answer.schema, 'output') } };
      responses[answer.status] = { description: answer.description, content };
      for (const other of answer.otherStatuses ?? []) {
        responses[other.status] = {
          description: other.description,
          content: other.schema
            ? { 'application/json': { schema: jsonSchema(other.schema, 'output') } }
            : content,
        };
      }
      break;
    }
    case 'page':
    case 'cursor': {
      const paging =
        answer.kind === 'page'
          ? {
              'X-Total-Count': {
                description: 'How many items the whole list holds',
                schema: { type: 'integer' },
              },
              Link: {
                description: 'RFC 8288 links to the `next` and `prev` pages, when there are some',
                schema: { type: 'string' },
              },
            }
          : {
              Link: {
                description: 'An RFC 8288 link to the `next` page, absent on the last page',
                schema: { type: 'string' },
              },
            };
      responses['200'] = {
        description: answer.description,
        headers: paging,
        content: {
          'application/json': {
            schema: { type: 'array', items: jsonSchema(answer.item, 'output') },
          },
        },
      };
      break;
    }
    case 'empty':
      responses['204'] = { description: answer.description };
      break;
    case 'raw':
      responses['200'] = {
        description: answer.description,
        content: { [answer.contentType]: {} },
      };
      break;
  }
  if (route.params || route.query || route.body || route.upload) {
    responses['400'] = errorAnswer('The input breaks a rule; `errors` names each field');
  }
  if (route.access !== 'public') responses['401'] = errorAnswer('No session: sign in first');
  const forbidden = [
    ...(route.access === 'consumer' || route.access === 'business'
      ? [`Only ${route.access} accounts can do this`]
      : []),
    ...(route.stepUp ? ["`code: 'STEP_UP_REQUIRED'`: confirm who you are, then retry"] : []),
  ];
  if (forbidden.length > 0) responses['403'] = errorAnswer(forbidden.join('; or '));
  if (route.params) responses['404'] = errorAnswer('Nothing of that id or name is yours to see');
  return responses;
}

const ACCESS_NOTE = {
  public: 'Anyone, signed in or not.',
  'signed-in': 'Any signed-in user.',
  consumer: 'Signed-in consumers only.',
  business: 'Signed-in businesses only.',
} as const;

/** The OpenAPI 3.1 document of the API, generated from the route definitions the router mounts. */
export function openApiDocument(
  routes: readonly ApiRoute[],
  info: { version: string; stepUpMaxAgeSeconds: number },
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const operations = (paths[openApiPath(route.path)] ??= {});
    const stepUp = stepUpNote(route, info.stepUpMaxAgeSeconds);
    operations[route.method] = {
      operationId: `${route.method}${route.path
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map((part) => part[0]!.toUpperCase() + part.slice(1))
        .join('')}`,
      summary: route.summary,
      description: stepUp ? `${ACCESS_NOTE[route.access]} ${stepUp}` : ACCESS_NOTE[route.access],
      ...(stepUp
        ? {
            'x-step-up': {
              when: stepUpCondition(route),
              maxAgeSeconds: info.stepUpMaxAgeSeconds,
              walletPin: route.walletPinProves === true,
            },
          }
        : {}),
      tags: [route.tag],
      ...(route.access === 'public' ? {} : { security: [{ session: [] }] }),
      parameters: [...parametersOf(route.params, 'path'), ...parametersOf(route.query, 'query')],
      ...(route.upload
        ? {
            requestBody: {
              required: true,
              content: { 'multipart/form-data': { schema: uploadFormOf(route.body) } },
            },
          }
        : route.body
          ? {
              requestBody: {
                required: true,
                content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
              },
            }
          : {}),
      responses: responsesOf(route),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'mark.it API',
      version: info.version,
      description:
        'The API the mark.it web client uses. Lists answer a JSON array; their paging travels in ' +
        'the `X-Total-Count` and `Link` headers. Errors answer `{ message, errors? }`. A session ' +
        'starts with `POST /api/login` or `POST /api/register` (the `markit.sid` cookie); writes ' +
        'from another site are refused.',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'markit.sid' },
      },
      schemas: {
        Error: {
          type: 'object',
          properties: {
            message: { type: 'string' },
            errors: { type: 'object', additionalProperties: { type: 'string' } },
            code: {
              type: 'string',
              enum: [...API_ERROR_CODES],
              description:
                'Only on refusals a client acts on: confirm who you are, or turn on two-factor',
            },
          },
          required: ['message'],
        },
      },
    },
  };
}
