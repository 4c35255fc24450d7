import { z } from 'zod';
import { API_ERROR_CODES } from '@shared/api';
import { UPLOAD_LIMITS } from '@shared/constants';
import { type AnyContract, type ErrorStatus } from '@shared/contract';
import { ADDRESS_ALLOWANCE_FACTOR } from '../services/rate-limit/rate-limit';

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), as a client sends or receives it. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Transforms and refinements have no JSON Schema: the shape they apply to is described.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

/** `/friends/:id` as OpenAPI writes it: `/api/friends/{id}`. */
export const openApiPath = (path: string) => `/api${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

/** The name the reference gives an operation: its contract's id (`friends.list`). */
function operationIdOf(contract: AnyContract): string {
  if (contract.id) return contract.id;
  // A route bound without a contract group (a test's own route) has no id: one from its address.
  return `${contract.method}${contract.path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('')}`;
}

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

/** When a `stepUp` route asks for a recent proof: always, or the condition it documents. */
const stepUpCondition = (contract: AnyContract) =>
  contract.stepUp === undefined
    ? null
    : contract.stepUp === true
      ? 'always'
      : contract.stepUp.description;

/** A window in words, for the reference: '1 hour', '15 minutes', '90 seconds'. */
function ageInWords(seconds: number): string {
  const [count, unit] =
    seconds % 3600 === 0
      ? [seconds / 3600, 'hour']
      : seconds % 60 === 0
        ? [seconds / 60, 'minute']
        : [seconds, 'second'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

function stepUpNote(contract: AnyContract, maxAgeSeconds: number): string | null {
  const when = stepUpCondition(contract);
  if (when === null) return null;
  return (
    `Asks for a recent proof of who you are${when === 'always' ? '' : ` ${when}`}: 403 with ` +
    `\`code: 'STEP_UP_REQUIRED'\` when the last sign-in or \`POST /api/user/confirm-identity\` ` +
    `is older than ${ageInWords(maxAgeSeconds)}; confirm, then send the request again.` +
    (contract.walletPinProves
      ? ' A wallet PIN confirmed within that time is enough here.'
      : ' A wallet PIN is not enough: the password or an authentication code is.')
  );
}

const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** A refusal status: a 4xx a contract may list, or the server's own 500 and 503. */
type RefusalStatus = ErrorStatus | 500 | 503;

/** A sentence, ending with a full stop, so that sentences from two sources read as one text. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/**
 * The refusals every endpoint of a kind can give, whatever its handler does: they come from the
 * middleware every /api request passes (server/app.ts, server/lib/http.ts), the access check,
 * the input parser and the error handler. Each says when, for the endpoint at hand. No limit
 * covers every endpoint, so a 429 is listed only where a contract has `rateLimits` (see
 * `rateLimitRefusals`).
 */
function genericRefusals(contract: AnyContract): Partial<Record<RefusalStatus, string[]>> {
  const write = WRITE_METHODS.has(contract.method);
  const upload = contract.upload === true;
  const hasInput = Boolean(contract.params || contract.query || contract.body || upload);
  const refusals: Partial<Record<RefusalStatus, string[]>> = {};
  const add = (status: RefusalStatus, text: string) => (refusals[status] ??= []).push(text);

  if (hasInput) add(400, 'The input breaks a rule: `errors` names each field.');
  // Every write's body goes through the JSON parser, whether or not the endpoint reads one.
  if (write && !upload) add(400, 'The body is not valid JSON.');
  if (contract.access !== 'public') add(401, 'No session: sign in first.');
  if (contract.access === 'consumer' || contract.access === 'business') {
    add(403, `Only ${contract.access} accounts can do this.`);
  }
  if (contract.stepUp) {
    add(403, "`code: 'STEP_UP_REQUIRED'`: confirm who you are, then send the request again.");
  }
  if (write) {
    add(
      403,
      'A write from another site: the `Origin` or `Sec-Fetch-Site` header names another site.',
    );
  }
  if (upload) {
    add(413, `The file is larger than ${UPLOAD_LIMITS.maxBytes / (1024 * 1024)} MB.`);
  } else if (write) {
    // Like the 400 above: the parser reads the body before the endpoint could ignore it.
    add(413, 'The JSON body is larger than the server reads.');
  }
  // A write's body must be of the type the endpoint reads, so that a form or a text/plain post
  // another site can send without asking is refused before anything reads it.
  if (write) {
    add(
      415,
      upload
        ? 'The body is not `multipart/form-data`.'
        : 'The body is not JSON (`Content-Type: application/json`), or its `Content-Encoding` is not one the server reads.',
    );
  }
  add(500, 'Something went wrong on the server; the answer says nothing more.');
  add(503, 'The database cannot be reached for now: send the request again after `Retry-After`.');
  return refusals;
}

const RETRY_AFTER = {
  'Retry-After': {
    description: 'How many seconds to wait before sending the request again',
    schema: { type: 'integer', minimum: 1 },
  },
};

const errorAnswer = (status: number, description: string) => ({
  description,
  ...(status === 429 || status === 503 ? { headers: RETRY_AFTER } : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

type ContractRateLimit = NonNullable<AnyContract['rateLimits']>[number];

/** Whose calls a limit counts, in words ('from this account'). */
function perInWords(per: ContractRateLimit['per']): string {
  switch (per) {
    case 'account':
      return 'from this account';
    case 'address':
      return 'from this client address';
    case 'account-and-address':
      return `from this account, or from its client address (which may make ${ADDRESS_ALLOWANCE_FACTOR} times as many)`;
    case 'signing-in-account':
      return 'to the account the sign-in is for';
    default:
      return per.description;
  }
}

/**
 * The 429 of a contract's `rateLimits`: when it happens, and what the caller reads. Limits with
 * the same window and message (one allowance per address and per e-mail) make one sentence.
 */
function rateLimitRefusals(contract: AnyContract): string[] {
  const alike = new Map<
    string,
    { windowSeconds: number; message: string; counted: string; whose: string[] }
  >();
  for (const { per, windowSeconds, message, keepOn } of contract.rateLimits ?? []) {
    const counted = countedInWords(keepOn);
    const key = `${windowSeconds} ${message} ${counted}`;
    const entry = alike.get(key) ?? { windowSeconds, message, counted, whose: [] };
    entry.whose.push(perInWords(per));
    alike.set(key, entry);
  }
  return [...alike.values()].map(
    ({ windowSeconds, message, counted, whose }) =>
      `Too many ${counted} within ${ageInWords(windowSeconds)} ${whose.join(', or ')}. ` +
      `The answer says: ${message}`,
  );
}

/** Which calls a limit counts, in words: all of them, or the outcomes that keep their slot. */
function countedInWords(keepOn: ContractRateLimit['keepOn']): string {
  if (keepOn === undefined) return 'calls';
  if (keepOn === 'success') return 'successful calls';
  const statuses = keepOn.map(String);
  const last = statuses.pop();
  return `calls answered ${statuses.length ? `${statuses.join(', ')} or ${last}` : last}`;
}

/**
 * The limits as data, for tools: each counter's name, whose calls it counts, its window and the
 * server setting that holds its allowance (the allowance itself is configuration), and for a
 * limit on some outcomes the statuses that keep their slot (`keepOn`, `success` for any 2xx),
 * whether a success forgets the count, and whether only some inputs are counted.
 */
const rateLimitExtension = (contract: AnyContract) =>
  (contract.rateLimits ?? []).map((limit) => ({
    name: limit.name,
    ...(typeof limit.per === 'string'
      ? { per: limit.per }
      : { per: 'input', input: limit.per.description }),
    windowSeconds: limit.windowSeconds,
    setting: limit.setting,
    ...(limit.keepOn ? { keepOn: limit.keepOn } : {}),
    ...(limit.clearOnSuccess ? { clearOnSuccess: true } : {}),
    ...(limit.when ? { someInputsOnly: true } : {}),
  }));

function successesOf(contract: AnyContract): Record<string, unknown> {
  const { answer } = contract;
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
  return responses;
}

/**
 * Every answer an endpoint gives: its successes, then each refusal status, the generic reasons
 * first and the contract's own after them when both give the same status.
 */
function responsesOf(contract: AnyContract): Record<string, unknown> {
  const refusals = genericRefusals(contract);
  for (const text of rateLimitRefusals(contract)) (refusals[429] ??= []).push(sentence(text));
  for (const [status, text] of Object.entries(contract.errors ?? {})) {
    if (text) (refusals[Number(status) as RefusalStatus] ??= []).push(sentence(text));
  }
  const responses = successesOf(contract);
  const statuses = Object.keys(refusals)
    .map(Number)
    .sort((a, b) => a - b) as RefusalStatus[];
  for (const status of statuses) {
    responses[status] = errorAnswer(status, refusals[status]!.join(' '));
  }
  return responses;
}

const ACCESS_NOTE = {
  public: 'Anyone, signed in or not.',
  'signed-in': 'Any signed-in user.',
  consumer: 'Signed-in consumers only.',
  business: 'Signed-in businesses only.',
} as const;

/** What each section of the reference holds; every tag a contract uses needs one. */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  Accounts:
    'Registering, signing in and out (with the second step when two-factor is on), the session, ' +
    'passwords and their reset, the signed-in sessions, the data export and deleting the account.',
  Catalogue: 'The brands gift cards are for and the interests consumers pick and pins target.',
  Charts: "A business's claims, spends and card value over time, and a consumer's gifts by month.",
  Friends:
    'Friend requests and friendships, suggestions, and finding people by name to befriend or mention.',
  'Gift cards':
    'Claiming cards from pins, the wallet of cards, giving and asking for gifts, guest gifts, ' +
    'the gifting leaderboard and a card’s history.',
  Health: 'Whether the app and its database answer, for load balancers and monitoring.',
  Leads: 'A business’s prospective customers: listed, searched, exported as CSV, added and edited.',
  Locations: 'The US stores of the brands, by state and city, where pins are dropped.',
  Maps: 'What the maps draw: a tile server, or the bundled outline of the US states.',
  Messages: 'Conversations between friends, read receipts, typing, reports, and blocking people.',
  Notifications:
    'What happened that concerns me: the list, unread counts, preferences and a live stream.',
  'Payment Settings':
    'Saved cards for paying, and the bank account a business’s withdrawals go to.',
  Payments: 'How the browser pays: the payment mode and, in test mode, test card tokens.',
  Pins: 'A business’s gift-card offers on store locations: dropped, paused, extended, topped up.',
  Posts: 'The Pin Board: posts, comments, likes, pinned posts and shared leaderboard places.',
  Profiles: 'Public profiles, their QR codes, shares and reports.',
  Redemptions: 'Spending a card at a business’s counter with a short-lived code.',
  Reference: 'This reference: the OpenAPI document and a page that reads it.',
  Settings: 'My profile, sign-in e-mail and wallet PIN.',
  'Two-factor authentication':
    'Authentication codes and recovery codes, and confirming who you are before moving money.',
  Uploads: 'Images for posts, messages and profile pictures.',
  Wallet: 'A business’s funds: the balance, its movements, adding funds and withdrawing them.',
};

/** The OpenAPI 3.1 document of the API, generated from the contracts the router mounts. */
export function openApiDocument(
  contracts: readonly AnyContract[],
  info: { version: string; stepUpMaxAgeSeconds: number },
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const contract of contracts) {
    const operations = (paths[openApiPath(contract.path)] ??= {});
    const stepUp = stepUpNote(contract, info.stepUpMaxAgeSeconds);
    operations[contract.method] = {
      operationId: operationIdOf(contract),
      summary: contract.summary,
      description: [contract.description, ACCESS_NOTE[contract.access], stepUp]
        .filter(Boolean)
        .join('\n\n'),
      ...(stepUp
        ? {
            'x-step-up': {
              when: stepUpCondition(contract),
              maxAgeSeconds: info.stepUpMaxAgeSeconds,
              walletPin: contract.walletPinProves === true,
            },
          }
        : {}),
      ...(contract.rateLimits?.length ? { 'x-rate-limits': rateLimitExtension(contract) } : {}),
      tags: [contract.tag],
      ...(contract.access === 'public' ? {} : { security: [{ session: [] }] }),
      parameters: [
        ...parametersOf(contract.params, 'path'),
        ...parametersOf(contract.query, 'query'),
      ],
      ...(contract.upload
        ? {
            requestBody: {
              required: true,
              content: { 'multipart/form-data': { schema: uploadFormOf(contract.body) } },
            },
          }
        : contract.body
          ? {
              requestBody: {
                required: true,
                content: { 'application/json': { schema: jsonSchema(contract.body, 'input') } },
              },
            }
          : {}),
      responses: responsesOf(contract),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'mark.it API',
      version: info.version,
      description:
        'The API the mark.it web client uses. Lists answer a JSON array; their paging travels in ' +
        'the `X-Total-Count` and `Link` headers. Errors answer `{ message, errors?, code? }`. A ' +
        'session starts with `POST /api/login` or `POST /api/register` (the `markit.sid` cookie); ' +
        'writes from another site are refused.',
      contact: { name: 'mark.it' },
    },
    // Relative: requests go to the origin that served this document, whatever its address.
    servers: [{ url: '/', description: 'The origin this document is served from' }],
    tags: [...new Set(contracts.map((contract) => contract.tag))].map((name) => ({
      name,
      ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}),
    })),
    paths,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'markit.sid',
          description: 'The session cookie `POST /api/login` and `POST /api/register` set',
        },
      },
      schemas: {
        Error: {
          type: 'object',
          description: 'Why a request was refused',
          properties: {
            message: { type: 'string', description: 'What went wrong, for a person to read' },
            errors: {
              type: 'object',
              additionalProperties: { type: 'string' },
              description: 'The fields of the input that break a rule, each with why',
            },
            code: {
              type: 'string',
              enum: [...API_ERROR_CODES],
              description:
                'Only on refusals a client acts on by itself: confirm who you are, turn on ' +
                'two-factor, confirm with the password while the wallet PIN is locked, or choose ' +
                'the brands a counter accepts',
            },
          },
          required: ['message'],
        },
      },
    },
  };
}
