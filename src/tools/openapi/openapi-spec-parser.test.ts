import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { parseOpenApiSpec } from './openapi-spec-parser.js';
import { resolveReferences } from './resolve-references.js';
import { sanitizeSchemaTypes } from './sanitize-schema-types.js';

/*
 * Python's OpenApiSpecParser and OperationParser (tools/openapi_tool/
 * openapi_spec_parser/): names, $ref resolution, type sanitising, argument
 * lists and their name conflicts.
 */

const spec = (paths: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths,
  ...extra,
});

const names = (parsed: ReturnType<typeof parseOpenApiSpec>) =>
  parsed.map((operation) => operation.parser.getParameters().map((param) => param.pyName));

describe('tool names (Python get_function_name and _to_snake_case)', () => {
  it('snake-cases operation ids, cuts them at 60 characters and names unnamed operations by path and method', () => {
    const parsed = parseOpenApiSpec(
      spec({
        '/users/{userId}/REST API': {
          delete: {},
          get: { operationId: 'getUserRESTDetails' },
          post: { operationId: `create${'VeryLong'.repeat(10)}Name` },
        },
      }),
    );
    expect(parsed.map((operation) => [operation.name, operation.endpoint.method])).toEqual([
      ['get_user_rest_details', 'get'],
      [`create${'_very_long'.repeat(5)}_ver`, 'post'],
      ['users_user_id_rest_api_delete', 'delete'],
    ]);
    expect(parsed[1]?.name).toHaveLength(60);
    expect(parsed[2]?.operation['operationId']).toBe('users_user_id_rest_api_delete');
  });

  it('takes the first server as the base URL, the description before the summary', () => {
    const [withServer] = parseOpenApiSpec(
      spec(
        { '/a': { get: { operationId: 'a', summary: 'S', description: 'D' } } },
        { servers: [{ url: 'http://one' }, { url: 'http://two' }] },
      ),
    );
    expect(withServer?.endpoint).toEqual({ baseUrl: 'http://one', path: '/a', method: 'get' });
    expect(withServer?.description).toBe('D');
    const [bare] = parseOpenApiSpec(spec({ '/a': { get: { summary: 'S' } } }));
    expect(bare?.endpoint.baseUrl).toBe('');
    expect(bare?.description).toBe('S');
  });

  it('names the security scheme of the operation, else the document', () => {
    const parsed = parseOpenApiSpec(
      spec(
        {
          '/a': { get: { operationId: 'a', security: [{ key: [] }] }, post: { operationId: 'b' } },
        },
        { security: [{ oauth: ['read'] }] },
      ),
    );
    expect(parsed.map((operation) => operation.authSchemeName)).toEqual(['key', 'oauth']);
  });

  it('takes the named scheme from components.securitySchemes; an invalid one is dropped', () => {
    const parsed = parseOpenApiSpec(
      spec(
        {
          '/a': { get: { operationId: 'a', security: [{ key: [] }] }, post: { operationId: 'b' } },
          '/c': { get: { operationId: 'c', security: [{ broken: [] }] } },
        },
        {
          security: [{ bearer: [] }],
          components: {
            securitySchemes: {
              key: { type: 'apiKey', in: 'header', name: 'X-Key' },
              bearer: { type: 'http', scheme: 'bearer' },
              broken: { type: 'apiKey', in: 'body', name: 'k' },
            },
          },
        },
      ),
    );
    expect(parsed.map((operation) => operation.authScheme)).toEqual([
      { type: 'apiKey', in: 'header', name: 'X-Key' },
      { type: 'http', scheme: 'bearer' },
      undefined,
    ]);
  });
});

describe('resolveReferences (Python _resolve_references)', () => {
  it('inlines local references, breaks cycles and leaves the input alone', () => {
    const input = {
      a: { $ref: '#/components/schemas/Node' },
      b: { $ref: '#/components/schemas/Missing' },
      components: {
        schemas: {
          Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } },
          'a/b': { type: 'string' },
        },
      },
      c: { $ref: '#/components/schemas/a~1b' },
    };
    const before = JSON.stringify(input);
    const resolved = resolveReferences(input);
    expect(resolved['a']).toEqual({ type: 'object', properties: { next: {} } });
    expect(resolved['b']).toEqual({ $ref: '#/components/schemas/Missing' });
    expect(resolved['c']).toEqual({ type: 'string' });
    expect(JSON.stringify(input)).toBe(before);
  });

  it('refuses references outside the document', () => {
    const error = (() => {
      try {
        resolveReferences({ a: { $ref: 'https://example.com/s.json#/X' } });
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      'External references not supported: https://example.com/s.json#/X',
    );
  });
});

describe('sanitizeSchemaTypes (Python _sanitize_schema_types)', () => {
  it('lowercases known types and drops unknown ones, only inside schemas', () => {
    const document = {
      type: 'Any',
      schema: {
        type: 'STRING',
        properties: { x: { type: 'Any' }, y: { type: ['Integer', 'Any', 'integer', 'NULL'] } },
      },
      components: { schemas: { Z: { type: ['Any'] } } },
    };
    sanitizeSchemaTypes(document);
    expect(document).toEqual({
      type: 'Any',
      schema: { type: 'string', properties: { x: {}, y: { type: ['integer', 'null'] } } },
      components: { schemas: { Z: {} } },
    });
  });
});

describe('arguments (Python OperationParser)', () => {
  it('lists parameters, then path-level ones, then body properties; conflicts get _0, _1', () => {
    const parsed = parseOpenApiSpec(
      spec({
        '/items/{id}': {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          put: {
            operationId: 'putItem',
            parameters: [
              { name: 'from', in: 'query', schema: { type: 'string' } },
              { name: 'X-Id', in: 'header', schema: { type: 'string' } },
              { $ref: '#/nowhere' },
            ],
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['id'],
                    properties: { id: { type: 'integer' }, xId: { type: 'string' } },
                  },
                },
                'text/plain': { schema: { type: 'string' } },
              },
            },
          },
        },
      }),
    );
    expect(names(parsed)).toEqual([['param_from', 'x_id', 'id', 'id_0', 'x_id_0']]);
    const schema = parsed[0]?.parser.getJsonSchema();
    expect(schema?.['required']).toEqual(['id', 'id_0']);
    expect(schema?.['title']).toBe('putItem_Arguments');
  });

  it('names a whole body array, composed or untyped `body`, scalar by the empty name', () => {
    const body = (schema: unknown) => ({
      requestBody: { description: 'The body', content: { 'application/json': { schema } } },
    });
    const parsed = parseOpenApiSpec(
      spec({
        '/a': { post: { operationId: 'a', ...body({ type: 'array', items: { type: 'string' } }) } },
        '/b': {
          post: { operationId: 'b', ...body({ oneOf: [{ type: 'string' }, { type: 'integer' }] }) },
        },
        '/c': { post: { operationId: 'c', ...body({}) } },
        '/d': { post: { operationId: 'd', ...body({ type: 'string' }) } },
      }),
    );
    expect(names(parsed)).toEqual([['array'], ['body'], ['body'], ['']]);
    expect(parsed[0]?.parser.getParameters()[0]?.description).toBe('The body');
  });
});
