import { describe, expect, it } from 'vitest';
import { createOpenApiValidator, type ObservedAnswer } from './openapi-validator';

const json = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
const validator = createOpenApiValidator({
  paths: {
    '/api/things/{id}': {
      get: {
        operationId: 'things.get',
        responses: {
          '200': {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    id: { type: 'integer' },
                    at: { type: 'string', format: 'date-time' },
                  },
                  required: ['id'],
                },
              },
            },
          },
          '404': { content: json },
        },
      },
      delete: { operationId: 'things.remove', responses: { '204': {} } },
    },
    '/api/things/export': {
      get: { operationId: 'things.export', responses: { '200': { content: { 'text/csv': {} } } } },
    },
  },
  components: {
    schemas: {
      Error: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
    },
  },
});

const answer = (overrides: Partial<ObservedAnswer>): ObservedAnswer => ({
  method: 'GET',
  path: '/api/things/7',
  status: 200,
  contentType: 'application/json; charset=utf-8',
  body: '{"id":7}',
  ...overrides,
});

describe('the OpenAPI validator', () => {
  it('takes an answer the document describes', () => {
    expect(validator.check(answer({}))).toEqual([]);
    expect(validator.check(answer({ status: 404, body: '{"message":"Not found"}' }))).toEqual([]);
    expect(
      validator.check(answer({ method: 'DELETE', status: 204, contentType: undefined, body: '' })),
    ).toEqual([]);
  });

  it('names a status the operation does not list', () => {
    expect(validator.check(answer({ status: 409, body: '{"message":"Taken"}' }))).toEqual([
      'GET /api/things/{id} (things.get) answered 409, which its responses do not list',
    ]);
  });

  it('names a body its schema refuses, through references and formats', () => {
    expect(validator.check(answer({ body: '{"id":"seven"}' }))[0]).toContain('/id must be integer');
    expect(validator.check(answer({ body: '{"id":7,"at":"yesterday"}' }))[0]).toContain(
      '/at must match format "date-time"',
    );
    expect(validator.check(answer({ status: 404, body: '{}' }))[0]).toContain(
      "must have required property 'message'",
    );
  });

  it('names a body where there should be none, and a content type not listed', () => {
    expect(validator.check(answer({ method: 'DELETE', status: 204 }))).toHaveLength(1);
    expect(
      validator.check(answer({ path: '/api/things/export', contentType: 'application/json' })),
    ).toHaveLength(1);
    expect(
      validator.check(
        answer({ path: '/api/things/export', contentType: 'text/csv; charset=utf-8', body: 'a,b' }),
      ),
    ).toEqual([]);
  });

  it('prefers a literal path to a template, and leaves addresses without an operation alone', () => {
    expect(
      validator.check(answer({ path: '/api/things/export', contentType: 'text/csv' })),
    ).toEqual([]);
    expect(validator.check(answer({ path: '/api/elsewhere', status: 404 }))).toEqual([]);
    expect(validator.check(answer({ method: 'PUT', status: 415 }))).toEqual([]);
  });
});
