import { type IncomingMessage, type ServerResponse } from 'node:http';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * Checks the server's answers against its own OpenAPI document: every status an operation
 * answers must be listed under its `responses`, and every body must match what is listed there
 * (a JSON body its schema, anything else its media type, a 204 nothing). The tests run every
 * answer through it (test-app.ts), so the reference cannot drift from the server.
 */

type Schema = Record<string, unknown>;
type MediaType = { schema?: Schema };
type DocumentedResponse = { content?: Record<string, MediaType> };
type Operation = { operationId?: string; responses?: Record<string, DocumentedResponse> };

export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
};

/** One answer as the client received it. */
export type ObservedAnswer = {
  method: string;
  /** The path asked for, without the query (`/api/friends/12`). */
  path: string;
  status: number;
  contentType: string | undefined;
  /** The body's bytes as text (empty when there was none). */
  body: string;
};

type PathTemplate = { template: string; pattern: RegExp; templated: number };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function templateOf(template: string): PathTemplate {
  const parts = template.split(/(\{[^}]+\})/);
  const source = parts.map((part) => (part.startsWith('{') ? '([^/]+)' : escape(part))).join('');
  return {
    template,
    pattern: new RegExp(`^${source}$`),
    templated: parts.filter((part) => part.startsWith('{')).length,
  };
}

const mediaTypeOf = (contentType: string | undefined) =>
  contentType?.split(';')[0]?.trim().toLowerCase();

const isJson = (mediaType: string | undefined) =>
  mediaType === 'application/json' || Boolean(mediaType?.endsWith('+json'));

/** Whether a media type matches a documented one (`image/*` matches `image/png`). */
function mediaTypeMatches(documented: string, actual: string): boolean {
  const [type, subtype] = documented.toLowerCase().split('/');
  const [actualType, actualSubtype] = actual.split('/');
  return (type === '*' || type === actualType) && (subtype === '*' || subtype === actualSubtype);
}

export type OpenApiValidator = {
  /** What the document does not say about one answer; empty when it describes it. */
  check: (answer: ObservedAnswer) => string[];
};

export function createOpenApiValidator(document: OpenApiDocument): OpenApiValidator {
  // OpenAPI 3.1's schemas are JSON Schema 2020-12; its own annotation keywords are known too.
  const ajv = new Ajv2020({ allErrors: true });
  addFormats(ajv);
  ajv.addVocabulary(['components', 'discriminator', 'xml', 'externalDocs', 'example']);
  const templates = Object.keys(document.paths).map(templateOf);
  const validators = new Map<string, ValidateFunction>();

  /** The documented operation an answer belongs to: a literal segment wins over a template. */
  function operationOf(method: string, path: string) {
    const matches = templates
      .filter(({ template, pattern }) => document.paths[template]?.[method] && pattern.test(path))
      .sort((a, b) => a.templated - b.templated);
    const match = matches[0];
    return match
      ? { template: match.template, operation: document.paths[match.template]![method]! }
      : null;
  }

  function validatorOf(key: string, schema: Schema): ValidateFunction {
    let validate = validators.get(key);
    if (!validate) {
      // References point into the document (`#/components/schemas/Error`): they resolve in the
      // schema the components travel beside.
      validate = ajv.compile({ ...schema, components: document.components ?? {} });
      validators.set(key, validate);
    }
    return validate;
  }

  function check(answer: ObservedAnswer): string[] {
    // HEAD answers as GET does, without the body.
    const method = answer.method.toLowerCase() === 'head' ? 'get' : answer.method.toLowerCase();
    const found = operationOf(method, answer.path);
    // An address the API has no operation at (an unknown route's 404, the reference page's
    // static files) is not an operation the document could describe.
    if (!found) return [];
    const { template, operation } = found;
    const where = `${method.toUpperCase()} ${template} (${operation.operationId ?? 'no id'})`;
    const documented = operation.responses?.[String(answer.status)];
    if (!documented) {
      return [`${where} answered ${answer.status}, which its responses do not list`];
    }
    const content = documented.content ?? {};
    const mediaTypes = Object.keys(content);
    const actual = mediaTypeOf(answer.contentType);
    if (mediaTypes.length === 0) {
      return answer.body.length > 0
        ? [`${where} answered ${answer.status} with a body; the document says it has none`]
        : [];
    }
    if (answer.method.toLowerCase() === 'head') return [];
    const mediaType =
      actual && mediaTypes.find((documented) => mediaTypeMatches(documented, actual));
    if (!mediaType) {
      return [
        `${where} answered ${answer.status} as ${actual ?? 'no content type'}; the document lists ${mediaTypes.join(', ')}`,
      ];
    }
    const schema = content[mediaType]?.schema;
    if (!schema || !isJson(actual)) return [];
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return [`${where} answered ${answer.status} with a body that is not JSON`];
    }
    let validate: ValidateFunction;
    try {
      validate = validatorOf(`${method} ${template} ${answer.status} ${mediaType}`, schema);
    } catch (error) {
      return [
        `${where} ${answer.status}: its schema does not compile: ${(error as Error).message}`,
      ];
    }
    if (validate(body)) return [];
    const errors = (validate.errors ?? [])
      .slice(0, 5)
      .map((error) => `${error.instancePath || '(body)'} ${error.message ?? ''}`.trim());
    return [
      `${where} answered ${answer.status} with a body its schema refuses: ${errors.join('; ')} — body ${answer.body.slice(0, 300)}`,
    ];
  }

  return { check };
}

/**
 * Watches one request's answer as it is written (status, content type, body) and hands it over
 * when it is complete. Only JSON bodies are kept in full: an event stream never ends, and a CSV
 * or an image is checked by its type alone.
 */
export function watchAnswer(
  request: IncomingMessage,
  response: ServerResponse,
  onAnswer: (answer: ObservedAnswer) => void,
): void {
  const chunks: Buffer[] = [];
  let bodyBytes = 0;
  const keep = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const bytes = Buffer.isBuffer(chunk)
      ? chunk
      : typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array);
    bodyBytes += bytes.length;
    const contentType = response.getHeader('content-type');
    if (isJson(mediaTypeOf(typeof contentType === 'string' ? contentType : undefined))) {
      chunks.push(bytes);
    }
  };
  const write = response.write.bind(response) as (...args: unknown[]) => boolean;
  const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
  response.write = ((...args: unknown[]) => {
    keep(args[0], args[1]);
    return write(...args);
  }) as typeof response.write;
  response.end = ((...args: unknown[]) => {
    keep(args[0], args[1]);
    return end(...args);
  }) as typeof response.end;
  response.on('finish', () => {
    const contentType = response.getHeader('content-type');
    const body = Buffer.concat(chunks).toString('utf8');
    onAnswer({
      method: request.method ?? 'GET',
      path: new URL(request.url ?? '/', 'http://localhost').pathname,
      status: response.statusCode,
      contentType: typeof contentType === 'string' ? contentType : undefined,
      // A body that was not kept is still a body (a 204 must have none).
      body: body || (bodyBytes > 0 ? '(not JSON)' : ''),
    });
  });
}
