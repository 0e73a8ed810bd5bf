import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { createLlmRequest } from '../models/llm-request.js';
import type { Schema } from '../types/index.js';
import { FunctionTool, isFunctionTool } from './function-tool.js';
import {
  toolContext,
  GET_USER_ID,
  CREATE_BOOKING,
  SEARCH_FLIGHTS,
  CALCULATE_TRIP_COST,
} from './function-tool-test-fixtures.js';

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
