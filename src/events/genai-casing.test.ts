import { describe, expect, it } from 'vitest';
import {
  CONTENT_CASING_RULE,
  FUNCTION_CALL_CASING_RULE,
  TOOL_CASING_RULE,
} from './genai-casing.js';
import { convertCasing, keepKey, modelRule, toSnakeCase, writeCamelCase } from './json-casing.js';

const toPython = (value: unknown, rule: Parameters<typeof convertCasing>[1]): string =>
  JSON.stringify(convertCasing(value, rule, { rename: toSnakeCase, argument: 'value' }));

describe('ordered model rules', () => {
  it('writes the listed fields in order, in either spelling, then the others as found', () => {
    const rule = modelRule({}, { order: ['b', 'aField'] });
    const value = { z: 1, a_field: 2, b: 3, y: 4 };
    expect(JSON.stringify(convertCasing(value, rule, { rename: toSnakeCase, argument: 'v' }))).toBe(
      '{"b":3,"a_field":2,"z":1,"y":4}',
    );
    expect(
      JSON.stringify(convertCasing(value, rule, { rename: writeCamelCase, argument: 'v' })),
    ).toBe('{"b":3,"aField":2,"z":1,"y":4}');
    expect(JSON.stringify(convertCasing(value, rule, { rename: keepKey, argument: 'v' }))).toBe(
      '{"b":3,"aField":2,"z":1,"y":4}',
    );
  });
});

describe('genai objects in the shape pydantic dumps them', () => {
  it('orders fields as genai declares them and keeps user-named keys', () => {
    // pydantic: FunctionCall(name='f', args={'someArg': 1}, id='x').model_dump(exclude_none=True)
    expect(toPython({ name: 'f', args: { someArg: 1 }, id: 'x' }, FUNCTION_CALL_CASING_RULE)).toBe(
      '{"id":"x","args":{"someArg":1},"name":"f"}',
    );
    const declaration = {
      functionDeclarations: [
        {
          parameters: {
            type: 'OBJECT',
            required: ['userName'],
            properties: { userName: { type: 'STRING', description: 'Who.' } },
          },
          name: 'greet',
          description: 'Greets.',
        },
      ],
    };
    const expected =
      '{"function_declarations":[{"description":"Greets.","name":"greet","parameters":' +
      '{"properties":{"userName":{"description":"Who.","type":"STRING"}},"required":["userName"],"type":"OBJECT"}}]}';
    expect(toPython(declaration, TOOL_CASING_RULE)).toBe(expected);
    // The same declaration as a Python file writes it (snake_case).
    const fromPython = {
      function_declarations: [
        {
          name: 'greet',
          parameters: {
            properties: { userName: { type: 'STRING', description: 'Who.' } },
            type: 'OBJECT',
            required: ['userName'],
          },
          description: 'Greets.',
        },
      ],
    };
    expect(toPython(fromPython, TOOL_CASING_RULE)).toBe(expected);
  });

  it('reads a snake_case tool into camelCase, leaving schemas the user wrote as they are', () => {
    const fromPython = {
      function_declarations: [
        {
          name: 'find',
          parameters: {
            type: 'OBJECT',
            any_of: [{ type: 'STRING', max_length: '3' }],
            properties: { max_items: { type: 'ARRAY', items: { type: 'STRING' }, max_items: '2' } },
            property_ordering: ['max_items'],
          },
          parameters_json_schema: { type: 'object', additional_properties: false },
          behavior: 'BLOCKING',
        },
      ],
    };
    const tool = convertCasing(fromPython, TOOL_CASING_RULE, { rename: keepKey, argument: 't' });
    expect(tool).toEqual({
      functionDeclarations: [
        {
          name: 'find',
          parameters: {
            type: 'OBJECT',
            anyOf: [{ type: 'STRING', maxLength: '3' }],
            properties: { max_items: { type: 'ARRAY', items: { type: 'STRING' }, maxItems: '2' } },
            propertyOrdering: ['max_items'],
          },
          parametersJsonSchema: { type: 'object', additional_properties: false },
          behavior: 'BLOCKING',
        },
      ],
    });
    // Written back, it is in genai's order: behavior last, schema fields alphabetical.
    expect(toPython(tool, TOOL_CASING_RULE)).toBe(
      '{"function_declarations":[{"name":"find","parameters":{"any_of":[{"max_length":"3","type":"STRING"}],' +
        '"properties":{"max_items":{"items":{"type":"STRING"},"max_items":"2","type":"ARRAY"}},' +
        '"property_ordering":["max_items"],"type":"OBJECT"},' +
        '"parameters_json_schema":{"type":"object","additional_properties":false},"behavior":"BLOCKING"}]}',
    );
  });

  it('writes a content as parts then role, parts in genai order with their data kept', () => {
    const content = {
      role: 'model',
      parts: [
        { text: 'Hi', thought: true },
        { functionResponse: { response: { someKey: null }, name: 'f', id: 'c1' } },
        { inlineData: { mimeType: 'image/png', data: 'AA==' } },
      ],
    };
    expect(toPython(content, CONTENT_CASING_RULE)).toBe(
      '{"parts":[{"text":"Hi","thought":true},' +
        '{"function_response":{"id":"c1","name":"f","response":{"someKey":null}}},' +
        '{"inline_data":{"data":"AA==","mime_type":"image/png"}}],"role":"model"}',
    );
  });
});
