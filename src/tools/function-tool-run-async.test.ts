import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import type { Schema } from '../types/index.js';
import { FunctionTool } from './function-tool.js';
import type { JsonSchema } from './schema-conversion.js';
import { toolContext, CREATE_BOOKING, CALCULATE_TRIP_COST } from './function-tool-test-fixtures.js';

function pythonTypeName(value: unknown): string {
  if (typeof value === 'boolean') return "<class 'bool'>";
  if (typeof value === 'number')
    return Number.isInteger(value) ? "<class 'int'>" : "<class 'float'>";
  return "<class 'str'>";
}

describe('FunctionTool.runAsync (spec 000 §6.7)', () => {
  it('runs a sync execute with typed arguments and the tool context', async () => {
    const context = await toolContext();
    const tool = new FunctionTool({
      name: 'create_booking',
      description: 'd',
      parameters: z.object({
        user_id: z.number().int(),
        is_confirmed: z.boolean(),
        details: z.string(),
      }),
      execute: (args, ctx) => {
        expectTypeOf(args).toEqualTypeOf<{
          user_id: number;
          is_confirmed: boolean;
          details: string;
        }>();
        expect(ctx).toBe(context);
        return {
          ...args,
          user_id_type: pythonTypeName(args.user_id),
          is_confirmed_type: pythonTypeName(args.is_confirmed),
          details_type: pythonTypeName(args.details),
        };
      },
    });
    const result = await tool.runAsync({
      args: { user_id: 6707, is_confirmed: true, details: 'Conformance Test' },
      context,
    });
    expect(result).toEqual({
      user_id: 6707,
      is_confirmed: true,
      details: 'Conformance Test',
      user_id_type: "<class 'int'>",
      is_confirmed_type: "<class 'bool'>",
      details_type: "<class 'str'>",
    });
  });

  it('awaits an async execute and writes state through the context', async () => {
    const context = await toolContext();
    const tool = new FunctionTool({
      name: 'remember',
      description: 'd',
      parameters: z.object({ fact: z.string() }),
      execute: async ({ fact }, ctx) => {
        await Promise.resolve();
        ctx.state.set('fact', fact);
        return `stored ${fact}`;
      },
    });
    await expect(tool.runAsync({ args: { fact: 'x' }, context })).resolves.toBe('stored x');
    expect(context.actions.stateDelta).toEqual({ fact: 'x' });
  });

  it("returns Python's mandatory-parameters error, word for word, without calling the function", async () => {
    const execute = vi.fn();
    const forms = [
      z.object({ user_id: z.number().int(), is_confirmed: z.boolean(), details: z.string() }),
      CREATE_BOOKING.parameters as Schema,
      {
        type: 'object',
        properties: {
          user_id: { type: 'integer' },
          is_confirmed: { type: 'boolean' },
          details: { type: 'string' },
        },
        required: ['user_id', 'is_confirmed', 'details'],
      } satisfies JsonSchema,
    ];
    for (const parameters of forms) {
      const tool = new FunctionTool({
        name: 'create_booking',
        description: 'd',
        parameters,
        execute,
      });
      await expect(
        tool.runAsync({ args: { is_confirmed: true }, context: await toolContext() }),
      ).resolves.toEqual({
        error:
          'Invoking `create_booking()` failed as the following mandatory input parameters are not present:\n' +
          'user_id\ndetails\n' +
          'You could retry calling this tool, but it is IMPORTANT for you to provide all the mandatory parameters.',
      });
    }
    expect(execute).not.toHaveBeenCalled();
  });

  it('answers invalid zod arguments with an error the model can act on, without calling the function', async () => {
    const execute = vi.fn();
    const tool = new FunctionTool({
      name: 'search_flights',
      description: 'd',
      parameters: z.object({
        trip: z.object({ origin: z.string(), departure_date: z.string() }),
        max_stops: z.number().int(),
      }),
      execute,
    });
    const result = await tool.runAsync({
      args: { trip: { origin: 7, departure_date: 'March 15' }, max_stops: 'none' },
      context: await toolContext(),
    });
    expect(result).toEqual({
      error:
        'Invoking `search_flights()` failed due to argument validation errors:\n' +
        "Parameter 'trip.origin': Invalid input: expected string, received number\n" +
        "Parameter 'max_stops': Invalid input: expected number, received string\n" +
        'You could retry calling this tool with corrected argument types.',
    });
    expect(execute).not.toHaveBeenCalled();
  });

  it('reports wrong values before missing ones, as Python validates first', async () => {
    const tool = new FunctionTool({
      name: 't',
      description: 'd',
      parameters: z.object({ a: z.string(), b: z.string() }),
      execute: () => 1,
    });
    await expect(tool.runAsync({ args: { a: 1 }, context: await toolContext() })).resolves.toEqual({
      error:
        'Invoking `t()` failed due to argument validation errors:\n' +
        "Parameter 'a': Invalid input: expected string, received number\n" +
        'You could retry calling this tool with corrected argument types.',
    });
  });

  it('checks JSON Schema arguments itself', async () => {
    const execute = vi.fn();
    const tool = new FunctionTool({
      name: 'calculate_trip_cost',
      description: 'd',
      parameters: {
        type: 'object',
        properties: {
          base_fare: { type: 'number' },
          num_passengers: { type: 'integer', default: 1 },
          baggage_count: { type: ['integer', 'null'] },
          cabin: { type: 'string', enum: ['economy', 'business'] },
        },
        required: ['base_fare'],
      },
      execute,
    });
    const result = await tool.runAsync({
      args: { base_fare: 800, num_passengers: 1.5, baggage_count: null, cabin: 'first' },
      context: await toolContext(),
    });
    expect(result).toEqual({
      error:
        'Invoking `calculate_trip_cost()` failed due to argument validation errors:\n' +
        "Parameter 'num_passengers': expected type 'integer', got 'number'\n" +
        'Parameter \'cabin\': must be one of "economy", "business"\n' +
        'You could retry calling this tool with corrected argument types.',
    });
    expect(execute).not.toHaveBeenCalled();
  });

  it('passes only declared parameters, filling top-level defaults, for JSON Schema and genai Schema', async () => {
    const seen: Record<string, unknown>[] = [];
    const execute = (args: Record<string, unknown>) => {
      seen.push(args);
      return 'ok';
    };
    const json = new FunctionTool({
      name: 'calculate_trip_cost',
      description: 'd',
      parameters: {
        type: 'object',
        properties: {
          base_fare: { type: 'number' },
          num_passengers: { type: 'integer', default: 1 },
        },
        required: ['base_fare'],
      },
      execute,
    });
    const genai = new FunctionTool({
      name: 'calculate_trip_cost',
      description: 'd',
      parameters: CALCULATE_TRIP_COST.parameters as Schema,
      execute,
    });
    const args = { base_fare: 800, hallucinated: true };
    await json.runAsync({ args, context: await toolContext() });
    await genai.runAsync({ args, context: await toolContext() });
    expect(seen).toEqual([
      { base_fare: 800, num_passengers: 1 },
      { base_fare: 800, num_passengers: 1, insurance: false },
    ]);
    expect(args).toEqual({ base_fare: 800, hallucinated: true });
  });

  it('never reports a parameter with a default as missing', async () => {
    const tool = new FunctionTool({
      name: 'calculate_trip_cost',
      description: 'd',
      parameters: {
        type: 'object',
        properties: {
          base_fare: { type: 'number' },
          num_passengers: { type: 'integer', default: 1 },
          baggage_count: { type: ['integer', 'null'], default: null },
        },
        required: ['base_fare', 'num_passengers', 'baggage_count'],
      },
      execute: (args) => args,
    });
    expect(tool.getDeclaration().parameters?.required).toEqual(['base_fare']);
    await expect(
      tool.runAsync({ args: { base_fare: 1 }, context: await toolContext() }),
    ).resolves.toEqual({
      base_fare: 1,
      num_passengers: 1,
      baggage_count: null,
    });
  });

  it('does not change the arguments it is given (zod defaults go to a copy)', async () => {
    const args = { base_fare: 800, extra: 'x' };
    const tool = new FunctionTool({
      name: 'calculate_trip_cost',
      description: 'd',
      parameters: z.object({ base_fare: z.number(), num_passengers: z.number().int().default(1) }),
      execute: (callArgs) => {
        expect(callArgs).toEqual({ base_fare: 800, num_passengers: 1 });
        return callArgs;
      },
    });
    await tool.runAsync({ args, context: await toolContext() });
    expect(args).toEqual({ base_fare: 800, extra: 'x' });
  });

  it('passes arguments through when the tool declares no parameters', async () => {
    const tool = new FunctionTool({ name: 'echo', description: 'd', execute: (args) => args });
    await expect(tool.runAsync({ args: { a: 1 }, context: await toolContext() })).resolves.toEqual({
      a: 1,
    });
  });

  it('lets exceptions from execute propagate, for the on-tool-error hooks', async () => {
    const tool = new FunctionTool({
      name: 'get_user_id',
      description: 'd',
      parameters: z.object({ email: z.string() }),
      execute: () => {
        throw new RangeError('Invalid email format provided.');
      },
    });
    await expect(
      tool.runAsync({ args: { email: 'x' }, context: await toolContext() }),
    ).rejects.toThrow(new RangeError('Invalid email format provided.'));
  });
});
