import { Context, type ContextOptions } from '../context/context.js';
import { createTestInvocationContext } from '../testing/test-invocation-context.js';
import type { FunctionDeclaration } from '../types/index.js';

// Shared by function-tool-declarations, -run-async and -confirmation.test.ts.

/** A tool context for function call `call-1` of a fresh test invocation, with `options`. */
export async function toolContext(options: ContextOptions = {}): Promise<Context> {
  return new Context(await createTestInvocationContext(), { functionCallId: 'call-1', ...options });
}

// Declarations exactly as the conformance recordings hold them (FUNCTIONS.md
// §2.2, §2.3, §3.1, §3.2), keys in the recorded order.
/** The recorded declaration of get_user_id. */
export const GET_USER_ID = JSON.parse(`{
  "description": "Retrieves a user ID based on their email.",
  "name": "get_user_id",
  "parameters": {"properties": {"email": {"type": "STRING"}}, "required": ["email"], "type": "OBJECT"},
  "response": {"type": "INTEGER"}
}`) as FunctionDeclaration;

/** The recorded declaration of create_booking. */
export const CREATE_BOOKING = JSON.parse(`{
  "description": "Creates a booking for a user.\\n\\n  Args:\\n    user_id: The unique identifier for the user.\\n    is_confirmed: Whether the booking is confirmed.\\n    details: Any additional details for the booking.\\n\\n  Returns:\\n    A dictionary containing the booking information and the types of the\\n    received arguments.\\n  ",
  "name": "create_booking",
  "parameters": {
    "properties": {"user_id": {"type": "INTEGER"}, "is_confirmed": {"type": "BOOLEAN"}, "details": {"type": "STRING"}},
    "required": ["user_id", "is_confirmed", "details"],
    "type": "OBJECT"
  },
  "response": {"type": "OBJECT"}
}`) as FunctionDeclaration;

/** The recorded declaration of search_flights. */
export const SEARCH_FLIGHTS = JSON.parse(`{
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

/** The recorded declaration of calculate_trip_cost. */
export const CALCULATE_TRIP_COST = JSON.parse(`{
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
