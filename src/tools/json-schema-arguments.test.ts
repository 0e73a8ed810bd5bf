import { describe, expect, it } from 'vitest';
import { checkJsonSchemaArguments } from './json-schema-arguments.js';
import type { JsonSchema } from './schema-conversion.js';

const TRIP: JsonSchema = {
  type: 'object',
  properties: {
    trip: {
      type: 'object',
      properties: {
        origin: { type: 'string' },
        return_date: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
      required: ['origin'],
    },
    stops: { type: 'integer', minimum: 0 },
    tags: { type: 'array', items: { $ref: '#/$defs/Tag' } },
    preferences: { type: 'object', nullable: true },
  },
  required: ['trip', 'stops'],
  $defs: { Tag: { type: 'string', enum: ['a', 'b'] } },
};

describe('checkJsonSchemaArguments (spec 000 §6.7 argument checks)', () => {
  it('accepts valid arguments, nulls where allowed, and ignores undeclared ones', () => {
    expect(
      checkJsonSchemaArguments(
        {
          trip: { origin: 'SFO', return_date: null },
          stops: 0,
          tags: ['a'],
          preferences: null,
          extra: 1,
        },
        TRIP,
      ),
    ).toEqual({ missing: [], errors: [] });
  });

  it('reports missing top-level parameters apart, in the schema order', () => {
    expect(checkJsonSchemaArguments({}, TRIP)).toEqual({ missing: ['trip', 'stops'], errors: [] });
  });

  it('names each wrong value by its path', () => {
    expect(
      checkJsonSchemaArguments({ trip: { return_date: 5 }, stops: 1.5, tags: ['a', 'c', 3] }, TRIP)
        .errors,
    ).toEqual([
      "Parameter 'trip.origin': missing required property",
      "Parameter 'trip.return_date': does not match any of the allowed schemas",
      "Parameter 'stops': expected type 'integer', got 'number'",
      'Parameter \'tags[1]\': must be one of "a", "b"',
      "Parameter 'tags[2]': expected type 'string', got 'integer'",
    ]);
  });

  it('rejects null where it is not allowed, and honours const, type lists and boolean schemas', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        a: { type: 'string' },
        b: { const: 'x' },
        c: { type: ['number', 'string'] },
        d: false,
        e: true,
        f: { allOf: [{ type: 'integer' }, { enum: [1, 2] }] },
      },
    };
    expect(
      checkJsonSchemaArguments({ a: null, b: 'y', c: true, d: 1, e: null, f: 3 }, schema).errors,
    ).toEqual([
      "Parameter 'a': expected type 'string', got 'null'",
      'Parameter \'b\': must be "x"',
      "Parameter 'c': expected type 'number' or 'string', got 'boolean'",
      "Parameter 'd': no value is allowed here",
      "Parameter 'f': must be one of 1, 2",
    ]);
  });

  it('follows recursive references without looping', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { node: { $ref: '#/$defs/Node' } },
      $defs: {
        Node: {
          type: 'object',
          properties: { name: { type: 'string' }, next: { $ref: '#/$defs/Node' } },
        },
      },
    };
    expect(
      checkJsonSchemaArguments(
        { node: { name: 'a', next: { name: 'b', next: { name: 3 } } } },
        schema,
      ).errors,
    ).toEqual(["Parameter 'node.next.next.name': expected type 'string', got 'integer'"]);
  });
});
