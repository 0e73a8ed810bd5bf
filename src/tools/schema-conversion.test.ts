import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { Schema } from '../types/index.js';
import {
  isZodObjectSchema,
  jsonSchemaToGenaiSchema,
  schemaKind,
  toGenaiSchema,
  zodToJsonSchema,
  type JsonSchema,
} from './schema-conversion.js';

describe('schemaKind: the three parameter forms told apart (spec 000 §3.9)', () => {
  it('recognises zod, JSON Schema and genai Schema', () => {
    expect(schemaKind(z.object({ a: z.string() }))).toBe('zod');
    expect(schemaKind({ type: 'object', properties: { a: { type: 'string' } } })).toBe(
      'json-schema',
    );
    expect(schemaKind({ type: 'OBJECT', properties: { a: { type: 'STRING' } } })).toBe('genai');
  });

  it('looks into nested schemas and JSON-only keywords when the top has no type', () => {
    expect(schemaKind({ properties: { a: { type: 'string' } } })).toBe('json-schema');
    expect(schemaKind({ properties: { a: { type: 'STRING' } } })).toBe('genai');
    expect(schemaKind({ $ref: '#/$defs/A', $defs: { A: {} } })).toBe('json-schema');
    expect(schemaKind({ anyOf: [{ type: ['string', 'null'] }] })).toBe('json-schema');
    expect(schemaKind({ maxLength: 3 })).toBe('json-schema');
    expect(schemaKind({ maxLength: '3' })).toBe('genai');
  });

  it("takes a schema with no marks (such as exit_loop's `{}` response) as a genai Schema", () => {
    expect(schemaKind({})).toBe('genai');
    expect(schemaKind({ description: 'anything' })).toBe('genai');
  });

  it('refuses mixed forms, unknown type names, zod v3 and non-objects', () => {
    expect(() => schemaKind({ type: 'OBJECT', properties: { a: { type: 'string' } } })).toThrow(
      'The schema mixes genai Schema (UPPERCASE types) and JSON Schema (lowercase types); use one form.',
    );
    expect(() => schemaKind({ type: 'float' })).toThrow(InvalidArgumentError);
    expect(() => schemaKind(Object.assign(Object.create({}) as object, { _def: {} }))).toThrow(
      'Only zod v4 schemas are supported',
    );
    expect(() => schemaKind('string')).toThrow(InvalidArgumentError);
  });

  it('knows a zod object schema', () => {
    expect(isZodObjectSchema(z.object({}))).toBe(true);
    expect(isZodObjectSchema(z.string())).toBe(false);
    expect(isZodObjectSchema({ type: 'object' })).toBe(false);
  });
});

describe('jsonSchemaToGenaiSchema (Python function-declaration rules)', () => {
  it('reproduces the recorded MCP declarations of FUNCTIONS.md §5.6 byte for byte', () => {
    const echo = jsonSchemaToGenaiSchema({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { message: { type: 'string', description: 'Message to echo' } },
      required: ['message'],
      additionalProperties: false,
    });
    expect(JSON.stringify(echo)).toBe(
      '{"properties":{"message":{"description":"Message to echo","type":"STRING"}},"required":["message"],"type":"OBJECT"}',
    );
    const longRunning = jsonSchemaToGenaiSchema({
      type: 'object',
      properties: {
        duration: {
          type: 'number',
          default: 10,
          description: 'Duration of the operation in seconds',
        },
        steps: { type: 'number', default: 5, description: 'Number of steps in the operation' },
      },
    });
    expect(JSON.stringify(longRunning)).toBe(
      '{"properties":{"duration":{"default":10,"description":"Duration of the operation in seconds","type":"NUMBER"},' +
        '"steps":{"default":5,"description":"Number of steps in the operation","type":"NUMBER"}},"type":"OBJECT"}',
    );
  });

  it('turns null in a type list, an anyOf or OpenAPI nullable into nullable: true', () => {
    expect(jsonSchemaToGenaiSchema({ type: ['integer', 'null'] })).toEqual({
      nullable: true,
      type: 'INTEGER',
    });
    expect(
      jsonSchemaToGenaiSchema({ anyOf: [{ type: 'string' }, { type: 'null' }], description: 'd' }),
    ).toEqual({
      description: 'd',
      nullable: true,
      type: 'STRING',
    });
    expect(jsonSchemaToGenaiSchema({ type: 'string', nullable: true })).toEqual({
      nullable: true,
      type: 'STRING',
    });
    expect(jsonSchemaToGenaiSchema({ type: 'null' })).toEqual({ type: 'NULL' });
  });

  it('writes a wider union as anyOf with type OBJECT, as Python does for Union[...], without duplicates', () => {
    expect(
      jsonSchemaToGenaiSchema({
        anyOf: [{ type: 'integer' }, { type: 'string' }, { type: 'integer' }, { type: 'null' }],
      }),
    ).toEqual({ anyOf: [{ type: 'INTEGER' }, { type: 'STRING' }], nullable: true, type: 'OBJECT' });
    expect(jsonSchemaToGenaiSchema({ type: ['string', 'number'] })).toEqual({
      anyOf: [{ type: 'STRING' }, { type: 'NUMBER' }],
      type: 'OBJECT',
    });
  });

  it('keeps property order, and lists as required only the non-nullable properties without a default', () => {
    const schema = jsonSchemaToGenaiSchema({
      type: 'object',
      properties: {
        z: { type: 'string' },
        a: { type: 'integer', default: 1 },
        m: { type: ['string', 'null'] },
        b: { type: 'boolean' },
      },
      required: ['b', 'z', 'a', 'm', 'unknown'],
    });
    expect(Object.keys(schema.properties ?? {})).toEqual(['z', 'a', 'm', 'b']);
    expect(schema.required).toEqual(['b', 'z']);
    expect(
      jsonSchemaToGenaiSchema({ type: 'object', properties: { a: { type: 'string' } } }),
    ).toEqual({
      properties: { a: { type: 'STRING' } },
      type: 'OBJECT',
    });
  });

  it('keeps enums as strings, turns const into a one-value enum and infers STRING', () => {
    expect(jsonSchemaToGenaiSchema({ type: 'string', enum: ['a', 'b'] })).toEqual({
      enum: ['a', 'b'],
      type: 'STRING',
    });
    expect(jsonSchemaToGenaiSchema({ const: 'x' })).toEqual({ enum: ['x'], type: 'STRING' });
    expect(jsonSchemaToGenaiSchema({ type: 'integer', enum: [1, 2, null] })).toEqual({
      enum: ['1', '2'],
      nullable: true,
      type: 'INTEGER',
    });
  });

  it('converts items, tuples and nested objects', () => {
    expect(
      jsonSchemaToGenaiSchema({
        type: 'array',
        items: { type: 'object', properties: { x: { type: 'number' } } },
      }),
    ).toEqual({ items: { properties: { x: { type: 'NUMBER' } }, type: 'OBJECT' }, type: 'ARRAY' });
    expect(
      jsonSchemaToGenaiSchema({
        type: 'array',
        prefixItems: [{ type: 'number' }, { type: 'number' }],
        items: false,
      }),
    ).toEqual({ items: { type: 'NUMBER' }, type: 'ARRAY' });
    expect(
      jsonSchemaToGenaiSchema({
        type: 'array',
        prefixItems: [{ type: 'number' }, { type: 'string' }],
      }),
    ).toEqual({
      items: { anyOf: [{ type: 'NUMBER' }, { type: 'STRING' }], type: 'OBJECT' },
      type: 'ARRAY',
    });
  });

  it('inlines $refs, stops cycles the way Python does, and merges allOf', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        node: { $ref: '#/$defs/Node' },
        tag: { allOf: [{ $ref: '#/definitions/Tag' }, { description: 'a tag' }] },
      },
      $defs: {
        Node: {
          type: 'object',
          properties: { name: { type: 'string' }, next: { $ref: '#/$defs/Node' } },
        },
      },
      definitions: { Tag: { type: 'string' } },
    };
    expect(jsonSchemaToGenaiSchema(schema)).toEqual({
      properties: {
        node: {
          properties: {
            name: { type: 'STRING' },
            next: { description: 'Circular ref to Node', type: 'OBJECT' },
          },
          type: 'OBJECT',
        },
        tag: { description: 'a tag', type: 'STRING' },
      },
      type: 'OBJECT',
    });
  });

  it('keeps formats Gemini takes and drops the others', () => {
    expect(jsonSchemaToGenaiSchema({ type: 'string', format: 'date-time' })).toEqual({
      format: 'date-time',
      type: 'STRING',
    });
    expect(jsonSchemaToGenaiSchema({ type: 'integer', format: 'int64' })).toEqual({
      format: 'int64',
      type: 'INTEGER',
    });
    expect(jsonSchemaToGenaiSchema({ type: 'string', format: 'email' })).toEqual({
      type: 'STRING',
    });
  });

  it("keeps bounds and counts (as genai's int64 strings) but drops zod's safe-integer bounds", () => {
    expect(
      jsonSchemaToGenaiSchema({
        type: 'integer',
        minimum: -9007199254740991,
        maximum: 9007199254740991,
      }),
    ).toEqual({ type: 'INTEGER' });
    expect(jsonSchemaToGenaiSchema({ type: 'integer', minimum: 0, maximum: 10 })).toEqual({
      maximum: 10,
      minimum: 0,
      type: 'INTEGER',
    });
    expect(
      jsonSchemaToGenaiSchema({ type: 'string', minLength: 1, maxLength: 5, pattern: '^a' }),
    ).toEqual({
      maxLength: '5',
      minLength: '1',
      pattern: '^a',
      type: 'STRING',
    });
  });

  it('keeps description, title and non-null defaults; drops additionalProperties; maps boolean schemas to OBJECT', () => {
    expect(
      jsonSchemaToGenaiSchema({
        type: 'object',
        title: 'T',
        description: 'D',
        additionalProperties: { type: 'number' },
        properties: { a: { type: 'string', default: null }, b: true },
      }),
    ).toEqual({
      description: 'D',
      properties: { a: { type: 'STRING' }, b: { type: 'OBJECT' } },
      title: 'T',
      type: 'OBJECT',
    });
  });

  it('keeps a property named __proto__ as data', () => {
    const properties = JSON.parse('{"__proto__": {"type": "string"}}') as JsonSchema['properties'];
    const schema = jsonSchemaToGenaiSchema({ type: 'object', properties, required: ['__proto__'] });
    expect(Object.keys(schema.properties ?? {})).toEqual(['__proto__']);
    expect(schema.required).toEqual(['__proto__']);
  });

  it('writes keys in genai field order, as Python requests do', () => {
    const schema = jsonSchemaToGenaiSchema({
      type: 'integer',
      description: 'n',
      default: 2,
      nullable: true,
    });
    expect(Object.keys(schema)).toEqual(['default', 'description', 'nullable', 'type']);
  });
});

describe('toGenaiSchema and zodToJsonSchema', () => {
  it('copies a genai Schema verbatim', () => {
    const schema: Schema = {
      description: 'kept',
      properties: {},
      type: 'OBJECT' as Schema['type'],
    };
    const converted = toGenaiSchema(schema);
    expect(converted).toEqual(schema);
    expect(converted).not.toBe(schema);
  });

  it('converts zod through JSON Schema, input side by default', () => {
    const schema = z.object({
      kind: z.enum(['a', 'b']).describe('The kind.'),
      count: z.number().int().default(1),
      tags: z.array(z.string()).optional(),
      when: z.string().datetime(),
    });
    expect(toGenaiSchema(schema)).toEqual({
      properties: {
        kind: { description: 'The kind.', enum: ['a', 'b'], type: 'STRING' },
        count: { default: 1, type: 'INTEGER' },
        tags: { items: { type: 'STRING' }, type: 'ARRAY' },
        when: { format: 'date-time', pattern: expect.any(String) as string, type: 'STRING' },
      },
      required: ['kind', 'when'],
      type: 'OBJECT',
    });
  });

  it('expands recursive zod schemas once and marks the cycle', () => {
    const Category = z.object({
      name: z.string(),
      get subcategories(): z.ZodArray<typeof Category> {
        return z.array(Category);
      },
    });
    expect(toGenaiSchema(z.object({ root: Category }))).toEqual({
      properties: {
        root: {
          properties: {
            name: { type: 'STRING' },
            subcategories: {
              items: { description: 'Circular ref to __schema0', type: 'OBJECT' },
              type: 'ARRAY',
            },
          },
          required: ['name', 'subcategories'],
          type: 'OBJECT',
        },
      },
      required: ['root'],
      type: 'OBJECT',
    });
  });

  it('drops $schema from zod output and describes either side', () => {
    const schema = z.object({ count: z.number().default(1) });
    expect(zodToJsonSchema(schema)).not.toHaveProperty('$schema');
    expect(zodToJsonSchema(schema, 'input').required).toBeUndefined();
    expect(zodToJsonSchema(schema, 'output').required).toEqual(['count']);
  });
});
