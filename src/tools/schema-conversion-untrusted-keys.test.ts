import { describe, expect, it } from 'vitest';
import { checkJsonSchemaArguments } from './json-schema-arguments.js';
import { jsonSchemaToGenaiSchema } from './schema-conversion.js';
import { FunctionTool } from './function-tool.js';

// Schemas as an MCP server or an OpenAPI document sends them: parsed JSON, where `__proto__` is a key.
const schema = JSON.parse(`{
  "type": "object",
  "properties": {
    "__proto__": {"type": "string"},
    "constructor": {"type": "number"},
    "prototype": {"type": "object", "properties": {"__proto__": {"type": "boolean"}}}
  },
  "allOf": [{"__proto__": {"polluted": "yes", "type": "array"}, "description": "d"}]
}`) as Record<string, unknown>;

describe('tool schemas and arguments with prototype-named keys (issue 16 §5)', () => {
  it('JSON Schema → genai Schema keeps them as own properties and reads no inherited keyword', () => {
    const genai = jsonSchemaToGenaiSchema(schema) as Record<string, unknown>;
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getPrototypeOf(genai)).toBe(Object.prototype);
    expect(genai['type']).toBe('OBJECT');
    expect(genai['description']).toBe('d');
    const properties = genai['properties'] as Record<string, Record<string, unknown>>;
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
    expect(Object.keys(properties)).toEqual(['__proto__', 'constructor', 'prototype']);
    expect(Object.getOwnPropertyDescriptor(properties, '__proto__')?.value).toEqual({
      type: 'STRING',
    });
    const nested = properties['prototype']!['properties'] as object;
    expect(Object.keys(nested)).toEqual(['__proto__']);
  });

  it('an allOf member with a __proto__ key gives the merged schema no inherited keywords', () => {
    const genai = jsonSchemaToGenaiSchema(
      JSON.parse('{"allOf": [{"__proto__": {"type": "array"}}, {"description": "d"}]}') as Record<
        string,
        unknown
      >,
    ) as Record<string, unknown>;
    expect(genai['type']).toBeUndefined();
    expect(genai['description']).toBe('d');
  });

  it('arguments named like them are checked against their own property schemas', () => {
    const args = JSON.parse('{"__proto__": 1, "constructor": "x", "prototype": {}}') as Record<
      string,
      unknown
    >;
    const { errors } = checkJsonSchemaArguments(args, schema);
    expect(errors.join('\n')).toContain("'__proto__'");
    expect(errors.join('\n')).toContain("'constructor'");
  });

  it('a FunctionTool passes such arguments on as own keys', async () => {
    let received: Record<string, unknown> | undefined;
    const tool = new FunctionTool({
      name: 't',
      description: 'd',
      parameters: JSON.parse(
        '{"type": "object", "properties": {"__proto__": {"type": "string"}, "constructor": {"type": "string"}}}',
      ) as Record<string, unknown>,
      execute: (args) => {
        received = args;
        return 'ok';
      },
    });
    const args = JSON.parse('{"__proto__": "a", "constructor": "b", "prototype": "dropped"}');
    await tool.runAsync({ args, context: undefined as never });
    expect(Object.getPrototypeOf(received)).toBe(Object.prototype);
    expect(Object.keys(received!)).toEqual(['__proto__', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(received, '__proto__')?.value).toBe('a');
  });
});
