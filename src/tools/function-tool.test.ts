import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import { Context, type ContextOptions } from '../context/context.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { createLlmRequest } from '../models/llm-request.js';
import { createTestInvocationContext } from '../testing/test-invocation-context.js';
import type { FunctionDeclaration, Schema } from '../types/index.js';
import { FunctionTool, isFunctionTool } from './function-tool.js';
import type { JsonSchema } from './schema-conversion.js';

async function toolContext(options: ContextOptions = {}): Promise<Context> {
  return new Context(await createTestInvocationContext(), { functionCallId: 'call-1', ...options });
}

// Declarations exactly as the conformance recordings hold them (FUNCTIONS.md
// §2.2, §2.3, §3.1, §3.2), keys in the recorded order.
const GET_USER_ID = JSON.parse(`{
  "description": "Retrieves a user ID based on their email.",
  "name": "get_user_id",
  "parameters": {"properties": {"email": {"type": "STRING"}}, "required": ["email"], "type": "OBJECT"},
  "response": {"type": "INTEGER"}
}`) as FunctionDeclaration;

const CREATE_BOOKING = JSON.parse(`{
  "description": "Creates a booking for a user.\\n\\n  Args:\\n    user_id: The unique identifier for the user.\\n    is_confirmed: Whether the booking is confirmed.\\n    details: Any additional details for the booking.\\n\\n  Returns:\\n    A dictionary containing the booking information and the types of the\\n    received arguments.\\n  ",
  "name": "create_booking",
  "parameters": {
    "properties": {"user_id": {"type": "INTEGER"}, "is_confirmed": {"type": "BOOLEAN"}, "details": {"type": "STRING"}},
    "required": ["user_id", "is_confirmed", "details"],
    "type": "OBJECT"
  },
  "response": {"type": "OBJECT"}
}`) as FunctionDeclaration;

const SEARCH_FLIGHTS = JSON.parse(`{
  "description": "Search for flights based on trip details and preferences.\\n\\n  This function demonstrates advanced parameter handling:\\n  - Pydantic models as parameters (trip, preferences)\\n  - Optional/nullable parameters (preferences, return_date, preferred_airline)\\n  - Default values (cabin_class, max_stops, flexible_dates)\\n\\n  Args:\\n    trip: Core trip information including origin, destination, and dates.\\n    preferences: Optional flight preferences. If not provided, uses defaults.\\n\\n  Returns:\\n    A dictionary containing search results and parameters received.\\n  ",
  "name": "search_flights",
  "parameters": {
    "properties": {
      "trip": {
        "properties": {
          "origin": {"type": "STRING"},
          "destination": {"type": "STRING"},
          "departure_date": {"type": "STRING"},
          "return_date": {"nullable": true, "type": "STRING"}
        },
        "type": "OBJECT"
      },
      "preferences": {"nullable": true, "type": "OBJECT"}
    },
    "required": ["trip"],
    "type": "OBJECT"
  },
  "response": {"type": "OBJECT"}
}`) as FunctionDeclaration;

const CALCULATE_TRIP_COST = JSON.parse(`{
  "description": "Calculate total trip cost with various optional charges.\\n\\n  This function demonstrates:\\n  - Mix of required and optional parameters\\n  - Default values for common cases\\n  - Nullable parameter that affects calculation logic\\n\\n  Args:\\n    base_fare: Base ticket price per passenger.\\n    num_passengers: Number of passengers (default: 1).\\n    insurance: Whether to add travel insurance (default: False).\\n    baggage_count: Number of checked bags per passenger, or None for carry-on\\n      only.\\n\\n  Returns:\\n    A dictionary with cost breakdown.\\n  ",
  "name": "calculate_trip_cost",
  "parameters": {
    "properties": {
      "base_fare": {"type": "NUMBER"},
      "num_passengers": {"default": 1, "type": "INTEGER"},
      "insurance": {"default": false, "type": "BOOLEAN"},
      "baggage_count": {"nullable": true, "type": "INTEGER"}
    },
    "required": ["base_fare"],
    "type": "OBJECT"
  },
  "response": {"type": "OBJECT"}
}`) as FunctionDeclaration;

function pythonTypeName(value: unknown): string {
  if (typeof value === 'boolean') return "<class 'bool'>";
  if (typeof value === 'number')
    return Number.isInteger(value) ? "<class 'int'>" : "<class 'float'>";
  return "<class 'str'>";
}

describe('FunctionTool declarations (spec 000 §3.9, FUNCTIONS.md)', () => {
  it('uses a genai Schema verbatim: get_user_id, create_booking, search_flights byte for byte', () => {
    for (const recorded of [GET_USER_ID, CREATE_BOOKING, SEARCH_FLIGHTS]) {
      const tool = new FunctionTool({
        name: recorded.name as string,
        description: recorded.description as string,
        parameters: recorded.parameters as Schema,
        response: recorded.response as Schema,
        execute: () => ({}),
      });
      expect(JSON.stringify(tool.getDeclaration())).toBe(JSON.stringify(recorded));
    }
  });

  it('builds the same declaration from zod for get_user_id, create_booking and calculate_trip_cost', () => {
    const getUserId = new FunctionTool({
      name: 'get_user_id',
      description: 'Retrieves a user ID based on their email.',
      parameters: z.object({ email: z.string() }),
      response: z.number().int(),
      execute: () => 6707,
    });
    const createBooking = new FunctionTool({
      name: 'create_booking',
      description: CREATE_BOOKING.description as string,
      parameters: z.object({
        user_id: z.number().int(),
        is_confirmed: z.boolean(),
        details: z.string(),
      }),
      response: z.record(z.string(), z.unknown()),
      execute: (args) => args,
    });
    const calculateTripCost = new FunctionTool({
      name: 'calculate_trip_cost',
      description: CALCULATE_TRIP_COST.description as string,
      parameters: z.object({
        base_fare: z.number(),
        num_passengers: z.number().int().default(1),
        insurance: z.boolean().default(false),
        baggage_count: z.number().int().nullable().optional(),
      }),
      response: z.record(z.string(), z.unknown()),
      execute: () => ({}),
    });
    expect(JSON.stringify(getUserId.getDeclaration())).toBe(JSON.stringify(GET_USER_ID));
    expect(JSON.stringify(createBooking.getDeclaration())).toBe(JSON.stringify(CREATE_BOOKING));
    expect(JSON.stringify(calculateTripCost.getDeclaration())).toBe(
      JSON.stringify(CALCULATE_TRIP_COST),
    );
  });

  it('builds the same declaration from JSON Schema (lowercase types)', () => {
    const tool = new FunctionTool({
      name: 'create_booking',
      description: CREATE_BOOKING.description as string,
      parameters: {
        type: 'object',
        properties: {
          user_id: { type: 'integer' },
          is_confirmed: { type: 'boolean' },
          details: { type: 'string' },
        },
        required: ['user_id', 'is_confirmed', 'details'],
      },
      response: { type: 'object' },
      execute: () => ({}),
    });
    expect(JSON.stringify(tool.getDeclaration())).toBe(JSON.stringify(CREATE_BOOKING));
  });

  it('keeps, for zod search_flights, what Python 1.x dropped: nested required and the properties of an optional model', () => {
    const trip = z.object({
      origin: z.string(),
      destination: z.string(),
      departure_date: z.string(),
      return_date: z.string().nullable().optional(),
    });
    const preferences = z.object({ cabin_class: z.string().default('economy') });
    const tool = new FunctionTool({
      name: 'search_flights',
      description: 'Search for flights.',
      parameters: z.object({ trip, preferences: preferences.nullable().optional() }),
      execute: () => ({}),
    });
    expect(tool.getDeclaration().parameters).toEqual({
      properties: {
        trip: {
          properties: {
            origin: { type: 'STRING' },
            destination: { type: 'STRING' },
            departure_date: { type: 'STRING' },
            return_date: { nullable: true, type: 'STRING' },
          },
          required: ['origin', 'destination', 'departure_date'],
          type: 'OBJECT',
        },
        preferences: {
          nullable: true,
          properties: { cabin_class: { default: 'economy', type: 'STRING' } },
          type: 'OBJECT',
        },
      },
      required: ['trip'],
      type: 'OBJECT',
    });
  });

  it('has no parameters key when parameters are omitted, and no response key without response', () => {
    const tool = new FunctionTool({ name: 'ping', description: 'Pings.', execute: () => 'pong' });
    expect(tool.getDeclaration()).toEqual({ description: 'Pings.', name: 'ping' });
    expect(Object.keys(tool.getDeclaration())).toEqual(['description', 'name']);
  });

  it('returns a fresh copy each time', () => {
    const tool = new FunctionTool({
      name: 'get_user_id',
      description: 'd',
      parameters: GET_USER_ID.parameters as Schema,
      execute: () => 1,
    });
    const first = tool.getDeclaration();
    first.name = 'changed';
    (first.parameters as Schema).required = [];
    expect(tool.getDeclaration().name).toBe('get_user_id');
    expect(tool.getDeclaration().parameters?.required).toEqual(['email']);
  });

  it('is added to config.tools and toolsDict by processLlmRequest (spec 000 §3.9)', async () => {
    const tool = new FunctionTool({
      name: 'get_user_id',
      description: GET_USER_ID.description as string,
      parameters: GET_USER_ID.parameters as Schema,
      response: GET_USER_ID.response as Schema,
      execute: () => 1,
    });
    const request = createLlmRequest({ model: 'gemini-2.5-flash' });
    await tool.processLlmRequest({ context: await toolContext(), request });
    expect(request.config.tools).toEqual([{ functionDeclarations: [GET_USER_ID] }]);
    expect(request.toolsDict['get_user_id']).toBe(tool);
  });

  it('takes its name from the execute function, and refuses a tool without one', () => {
    function lookUpWeather(): string {
      return 'sunny';
    }
    expect(new FunctionTool({ description: 'd', execute: lookUpWeather }).name).toBe(
      'lookUpWeather',
    );
    const anonymous = [() => 1][0] as () => number;
    expect(() => new FunctionTool({ description: 'd', execute: anonymous })).toThrow(
      InvalidArgumentError,
    );
    expect(() => new FunctionTool({ description: 'd', execute: anonymous })).toThrow(
      'A FunctionTool needs a name: pass `name` or a named `execute` function.',
    );
  });

  it('refuses parameters that do not describe an object', () => {
    expect(
      () =>
        new FunctionTool({
          name: 't',
          description: 'd',
          parameters: z.string() as never,
          execute: () => 1,
        }),
    ).toThrow(InvalidArgumentError);
    expect(
      () =>
        new FunctionTool({
          name: 't',
          description: 'd',
          parameters: { type: 'string' },
          execute: () => 1,
        }),
    ).toThrow('The parameters of tool t must describe an object');
  });

  it('is recognised by isFunctionTool', () => {
    expect(
      isFunctionTool(new FunctionTool({ name: 't', description: 'd', execute: () => 1 })),
    ).toBe(true);
    expect(isFunctionTool({ name: 't' })).toBe(false);
  });
});

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

describe('FunctionTool confirmation (spec 000 §6.7 step 5)', () => {
  function confirmedTool(execute: () => unknown) {
    return new FunctionTool({
      name: 'reimburse',
      description: 'd',
      parameters: z.object({ amount: z.number() }),
      requireConfirmation: true,
      execute,
    });
  }

  it("asks for confirmation with Python's hint, skips summarization and returns Python's error", async () => {
    const execute = vi.fn();
    const context = await toolContext();
    const result = await confirmedTool(execute).runAsync({ args: { amount: 5 }, context });
    expect(result).toEqual({
      error: 'This tool call requires confirmation, please approve or reject.',
    });
    expect(context.actions.requestedToolConfirmations).toEqual({
      'call-1': {
        confirmed: false,
        hint:
          'Please approve or reject the tool call reimburse() by responding with a FunctionResponse' +
          ' with an expected ToolConfirmation payload.',
      },
    });
    expect(context.actions.skipSummarization).toBe(true);
    expect(execute).not.toHaveBeenCalled();
  });

  it("returns Python's rejection when the human declined", async () => {
    const execute = vi.fn();
    const context = await toolContext({ toolConfirmation: { confirmed: false } });
    await expect(
      confirmedTool(execute).runAsync({ args: { amount: 5 }, context }),
    ).resolves.toEqual({
      error: 'This tool call is rejected.',
    });
    expect(context.actions.requestedToolConfirmations).toEqual({});
    expect(execute).not.toHaveBeenCalled();
  });

  it('runs once confirmed', async () => {
    const context = await toolContext({ toolConfirmation: { confirmed: true } });
    await expect(
      confirmedTool(() => ({ status: 'ok' })).runAsync({ args: { amount: 5 }, context }),
    ).resolves.toEqual({
      status: 'ok',
    });
  });

  it('asks a predicate with the validated arguments and the context', async () => {
    const predicate = vi.fn((args: { amount: number }, _context: Context) => args.amount > 100);
    const tool = new FunctionTool({
      name: 'reimburse',
      description: 'd',
      parameters: z.object({ amount: z.number() }),
      requireConfirmation: predicate,
      execute: () => ({ status: 'ok' }),
    });
    const small = await toolContext();
    await expect(tool.runAsync({ args: { amount: 50 }, context: small })).resolves.toEqual({
      status: 'ok',
    });
    const large = await toolContext();
    await expect(tool.runAsync({ args: { amount: 2000 }, context: large })).resolves.toEqual({
      error: 'This tool call requires confirmation, please approve or reject.',
    });
    expect(predicate).toHaveBeenCalledWith({ amount: 50 }, small);
  });

  it('checks the arguments before asking for confirmation', async () => {
    const context = await toolContext();
    const result = (await confirmedTool(() => 1).runAsync({ args: {}, context })) as {
      error: string;
    };
    expect(result.error).toContain('mandatory input parameters are not present:\namount\n');
    expect(context.actions.requestedToolConfirmations).toEqual({});
  });
});
