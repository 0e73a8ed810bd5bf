import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { toGeminiSchema, toSnakeCase } from './gemini-schema-util.js';

/*
 * Python ADK's `_to_gemini_schema` (tools/_gemini_schema_util.py), which
 * builds an McpTool's declaration parameters, then genai's
 * `Schema.from_json_schema`.
 */

describe('toGeminiSchema (Python _to_gemini_schema)', () => {
  it('gives the parameters recorded for server-everything (corpus tool/mcp_001)', () => {
    expect(
      toGeminiSchema({
        type: 'object',
        properties: {
          duration: {
            default: 10,
            description: 'Duration of the operation in seconds',
            type: 'number',
          },
          steps: { default: 5, description: 'Number of steps in the operation', type: 'number' },
        },
        $schema: 'http://json-schema.org/draft-07/schema#',
      }),
    ).toEqual({
      properties: {
        duration: {
          default: 10,
          description: 'Duration of the operation in seconds',
          type: 'NUMBER',
        },
        steps: { default: 5, description: 'Number of steps in the operation', type: 'NUMBER' },
      },
      type: 'OBJECT',
    });
  });

  it('keeps required as the server wrote it, defaults included (unlike function tools)', () => {
    expect(
      toGeminiSchema({
        type: 'object',
        properties: { a: { type: 'string', default: 'x' }, b: { type: ['integer', 'null'] } },
        required: ['a', 'b'],
      }),
    ).toEqual({
      properties: {
        a: { default: 'x', type: 'STRING' },
        b: { nullable: true, type: 'INTEGER' },
      },
      required: ['a', 'b'],
      type: 'OBJECT',
    });
  });

  it('drops keywords Gemini does not take and formats it does not support', () => {
    const schema = toGeminiSchema({
      type: 'object',
      additionalProperties: false,
      properties: {
        url: { type: 'string', format: 'uri', const: 'x' },
        when: { type: 'string', format: 'date-time' },
        count: { type: 'integer', format: 'int64', exclusiveMinimum: 0 },
        ratio: { type: 'number', format: 'float' },
      },
    });
    expect(schema).toEqual({
      properties: {
        url: { type: 'STRING' },
        when: { format: 'date-time', type: 'STRING' },
        count: { format: 'int64', type: 'INTEGER' },
        ratio: { type: 'NUMBER' },
      },
      type: 'OBJECT',
    });
  });

  it('reduces type lists to one type plus nullable, preferring array', () => {
    expect(
      toGeminiSchema({
        type: 'object',
        properties: {
          first: { type: ['integer', 'string'] },
          list: { type: ['string', 'array'] },
          nothing: { type: 'null' },
        },
      }),
    ).toEqual({
      properties: {
        first: { type: 'INTEGER' },
        list: { items: { type: 'STRING' }, type: 'ARRAY' },
        nothing: { nullable: true, type: 'OBJECT' },
      },
      type: 'OBJECT',
    });
  });

  it('collapses anyOf [T, null] into a nullable T keeping only the outer default', () => {
    expect(
      toGeminiSchema({
        anyOf: [{ type: 'string' }, { type: 'null' }],
        description: 'lost in the collapse, as in genai',
        default: 'x',
      }),
    ).toEqual({ default: 'x', nullable: true, type: 'STRING' });
    expect(
      toGeminiSchema({ anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] }),
    ).toEqual({ anyOf: [{ type: 'STRING' }, { type: 'INTEGER' }, { nullable: true }] });
  });

  it('inlines $defs references, the referrer winning, and cuts cycles', () => {
    expect(
      toGeminiSchema({
        type: 'object',
        properties: {
          at: { $ref: '#/$defs/Point', description: 'where' },
          head: { $ref: '#/definitions/Node' },
          lost: { $ref: '#/$defs/Missing', type: 'string' },
        },
        $defs: {
          Point: {
            type: 'object',
            description: 'a point',
            properties: { x: { type: 'number' } },
            required: ['x'],
          },
        },
        definitions: {
          Node: { type: 'object', properties: { next: { $ref: '#/definitions/Node' } } },
        },
      }),
    ).toEqual({
      properties: {
        at: {
          description: 'where',
          properties: { x: { type: 'NUMBER' } },
          required: ['x'],
          type: 'OBJECT',
        },
        head: {
          properties: { next: { description: 'Circular ref to Node', type: 'OBJECT' } },
          type: 'OBJECT',
        },
        lost: { type: 'STRING' },
      },
      type: 'OBJECT',
    });
  });

  it('fills arrays without items, empty and boolean schemas; counts as int64 strings; enums as written', () => {
    expect(
      toGeminiSchema({
        type: 'object',
        properties: {
          tags: { type: 'array', minItems: 1 },
          anything: {},
          yes: true,
          name: { type: 'string', minLength: 1, maxLength: 5, pattern: '^a' },
          level: { type: 'integer', enum: [1, 2], minimum: 0, maximum: 9 },
        },
      }),
    ).toEqual({
      properties: {
        tags: { items: { type: 'STRING' }, minItems: '1', type: 'ARRAY' },
        anything: { type: 'OBJECT' },
        yes: { type: 'OBJECT' },
        name: { maxLength: '5', minLength: '1', pattern: '^a', type: 'STRING' },
        level: { enum: [1, 2], maximum: 9, minimum: 0, type: 'INTEGER' },
      },
      type: 'OBJECT',
    });
  });

  it('writes keys in genai order and keeps property names such as __proto__ as data', () => {
    const schema = toGeminiSchema(
      JSON.parse(
        '{"type":"object","title":"T","description":"D","properties":{"__proto__":{"type":"string"}}}',
      ),
    );
    expect(Object.keys(schema ?? {})).toEqual(['description', 'properties', 'title', 'type']);
    expect(Object.hasOwn(schema?.properties ?? {}, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(schema?.properties)).toBe(Object.prototype);
  });

  it('returns undefined for no schema and rejects non-objects and unknown types', () => {
    expect(toGeminiSchema(undefined)).toBeUndefined();
    expect(toGeminiSchema(null)).toBeUndefined();
    expect(() => toGeminiSchema('object')).toThrow(InvalidArgumentError);
    expect(() => toGeminiSchema({ type: 'decimal' })).toThrow(/Unknown JSON Schema type "decimal"/);
  });

  it('matches keywords by their snake_case form, as Python does', () => {
    expect(toSnakeCase('$schema')).toBe('schema');
    expect(toSnakeCase('additionalProperties')).toBe('additional_properties');
    expect(toSnakeCase('anyOf')).toBe('any_of');
    expect(toSnakeCase('$ref')).toBe('ref');
    expect(toSnakeCase('HTTPServer')).toBe('http_server');
    expect(toGeminiSchema({ type: 'string', min_length: 2 })).toEqual({
      minLength: '2',
      type: 'STRING',
    });
  });
});
