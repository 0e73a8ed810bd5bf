import { Type, type Content, type Schema } from '@google/genai';
import type { AgentHookArguments } from '../../context/hook-arguments.js';
import type { Context } from '../../context/context.js';
import type { ConfigRegistry, FunctionToolSpec } from '../../config/config-registry.js';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';

/*
 * TypeScript versions of the Python functions of the conformance corpus
 * (../conformance/FUNCTIONS.md), under the dotted names its YAML agents use.
 * Each tool's declaration is the one the recordings show, given as a genai
 * Schema so FunctionTool sends it verbatim: descriptions are Python's
 * docstrings as they are (first line, then the body with its two-space
 * source indentation, and a trailing "\n  " where the closing quotes stood
 * on their own line).
 */

// ---------------------------------------------------------------------------
// Callbacks (FUNCTIONS.md §1)
// ---------------------------------------------------------------------------

const BEFORE_KEY = 'before_agent_callback_state_key';
const AFTER_KEY = 'after_agent_callback_state_key';
const LIMIT_KEY = 'conversation_limit_reached';

/** `callback_agent_001.callbacks.before_agent_callback1`: sets the key to `value1`. */
export function beforeAgentCallback1({ context }: AgentHookArguments): undefined {
  context.state.set(BEFORE_KEY, 'value1');
  return undefined;
}

/** `callback_agent_001.callbacks.before_agent_callback2`: appends `+value2` (Python's `KeyError` when unset). */
export function beforeAgentCallback2({ context }: AgentHookArguments): undefined {
  context.state.set(BEFORE_KEY, `${readString(context, BEFORE_KEY)}+value2`);
  return undefined;
}

/**
 * `callback_agent_002.callbacks.shortcut_agent_execution`: once the limit key
 * is in state (any value) the agent is skipped with a canned model reply;
 * otherwise the key is set to the string `'True'` and the agent runs.
 */
export function shortcutAgentExecution({ context }: AgentHookArguments): Content | undefined {
  if (context.state.has(LIMIT_KEY)) {
    return {
      role: 'model',
      parts: [{ text: 'Sorry, you have reached the limit of the conversation.' }],
    };
  }
  context.state.set(LIMIT_KEY, 'True');
  return undefined;
}

/** `callback_agent_003.callbacks.after_agent_callback1`: sets the key to `value1`. */
export function afterAgentCallback1({ context }: AgentHookArguments): undefined {
  context.state.set(AFTER_KEY, 'value1');
  return undefined;
}

/** `callback_agent_003.callbacks.after_agent_callback2`: appends `+value2` (Python's `KeyError` when unset). */
export function afterAgentCallback2({ context }: AgentHookArguments): undefined {
  context.state.set(AFTER_KEY, `${readString(context, AFTER_KEY)}+value2`);
  return undefined;
}

function readString(context: Context, key: string): string {
  if (!context.state.has(key)) {
    throw new InvalidArgumentError({ message: `KeyError: '${key}'`, argument: key });
  }
  return String(context.state.get(key));
}

// ---------------------------------------------------------------------------
// tools_agent_002 (FUNCTIONS.md §2)
// ---------------------------------------------------------------------------

const str: Schema = { type: Type.STRING };
const int: Schema = { type: Type.INTEGER };
const num: Schema = { type: Type.NUMBER };
const bool: Schema = { type: Type.BOOLEAN };
const obj: Schema = { type: Type.OBJECT };

function objectOf(properties: Record<string, Schema>, required?: string[]): Schema {
  return { properties, ...(required ? { required } : {}), type: Type.OBJECT };
}

const EMAIL_PATTERN = /^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$/;

function isValidEmail(email: unknown): boolean {
  return typeof email === 'string' && EMAIL_PATTERN.test(email);
}

/** `tools_agent_002.tools.validate_email(email: str) -> bool`. */
export const validateEmail: FunctionToolSpec = {
  name: 'validate_email',
  description: 'Checks if the provided string is a valid email format.',
  parameters: objectOf({ email: str }, ['email']),
  response: { type: Type.BOOLEAN },
  execute: ({ email }) => isValidEmail(email),
};

/**
 * `tools_agent_002.tools.get_user_id(email: str) -> int`: Python's
 * `abs(hash(email)) % 10000` is salted per process, so any integer in
 * 0..9999 is faithful; this port uses a stable string hash. Invalid emails
 * throw Python's `ValueError` message.
 */
export const getUserId: FunctionToolSpec = {
  name: 'get_user_id',
  description: 'Retrieves a user ID based on their email.',
  parameters: objectOf({ email: str }, ['email']),
  response: { type: Type.INTEGER },
  execute: ({ email }) => {
    if (!isValidEmail(email)) {
      throw new InvalidArgumentError({
        message: 'Invalid email format provided.',
        argument: 'email',
      });
    }
    return stableHash(email as string) % 10000;
  },
};

/** `tools_agent_002.tools.create_booking(user_id: int, is_confirmed: bool, details: str) -> dict`. */
export const createBooking: FunctionToolSpec = {
  name: 'create_booking',
  description:
    'Creates a booking for a user.\n\n  Args:\n    user_id: The unique identifier for the user.\n    is_confirmed: Whether the booking is confirmed.\n    details: Any additional details for the booking.\n\n  Returns:\n    A dictionary containing the booking information and the types of the\n    received arguments.\n  ',
  parameters: objectOf({ user_id: int, is_confirmed: bool, details: str }, [
    'user_id',
    'is_confirmed',
    'details',
  ]),
  response: obj,
  execute: ({ user_id: userId, is_confirmed: isConfirmed, details }) => ({
    user_id: userId,
    is_confirmed: isConfirmed,
    details,
    user_id_type: pythonTypeName(userId),
    is_confirmed_type: pythonTypeName(isConfirmed),
    details_type: pythonTypeName(details),
  }),
};

// ---------------------------------------------------------------------------
// tools_agent_004 (FUNCTIONS.md §3)
// ---------------------------------------------------------------------------

/** `tools_agent_004.tools.search_flights(trip: TripDetails, preferences: Optional[FlightPreferences] = None) -> dict`. */
export const searchFlights: FunctionToolSpec = {
  name: 'search_flights',
  description:
    'Search for flights based on trip details and preferences.\n\n  This function demonstrates advanced parameter handling:\n  - Pydantic models as parameters (trip, preferences)\n  - Optional/nullable parameters (preferences, return_date, preferred_airline)\n  - Default values (cabin_class, max_stops, flexible_dates)\n\n  Args:\n    trip: Core trip information including origin, destination, and dates.\n    preferences: Optional flight preferences. If not provided, uses defaults.\n\n  Returns:\n    A dictionary containing search results and parameters received.\n  ',
  parameters: objectOf(
    {
      trip: objectOf({
        origin: str,
        destination: str,
        departure_date: str,
        return_date: { nullable: true, type: Type.STRING },
      }),
      preferences: { nullable: true, type: Type.OBJECT },
    },
    ['trip'],
  ),
  response: obj,
  execute: ({ trip, preferences }) => {
    const details = asRecord(trip);
    const prefs = asRecord(preferences);
    const cabinClass = prefs['cabin_class'] ?? 'economy';
    const maxStops = prefs['max_stops'] ?? 1;
    const preferredAirline = prefs['preferred_airline'] ?? null;
    const flexibleDates = prefs['flexible_dates'] ?? false;
    const returnDate = details['return_date'] ?? null;
    const tripType = returnDate ? 'round-trip' : 'one-way';
    const stops = maxStops === 0 ? 'direct' : `up to ${pythonStr(maxStops)} stops`;
    const airline = preferredAirline || 'Various Airlines';
    const flights = [
      `${pythonStr(airline)} - ${tripType} ${pythonStr(cabinClass)} flight with ${stops}`,
      `Departure: ${pythonStr(details['departure_date'])}`,
    ];
    if (returnDate) flights.push(`Return: ${pythonStr(returnDate)}`);
    return {
      trip_type: tripType,
      route: `${pythonStr(details['origin'])} to ${pythonStr(details['destination'])}`,
      departure_date: details['departure_date'],
      return_date: returnDate,
      cabin_class: cabinClass,
      max_stops: maxStops,
      preferred_airline: preferredAirline,
      flexible_dates: flexibleDates,
      search_status: 'completed',
      available_flights: flights,
    };
  },
};

/** `tools_agent_004.tools.calculate_trip_cost(base_fare: float, num_passengers: int = 1, insurance: bool = False, baggage_count: Optional[int] = None) -> dict`. */
export const calculateTripCost: FunctionToolSpec = {
  name: 'calculate_trip_cost',
  description:
    'Calculate total trip cost with various optional charges.\n\n  This function demonstrates:\n  - Mix of required and optional parameters\n  - Default values for common cases\n  - Nullable parameter that affects calculation logic\n\n  Args:\n    base_fare: Base ticket price per passenger.\n    num_passengers: Number of passengers (default: 1).\n    insurance: Whether to add travel insurance (default: False).\n    baggage_count: Number of checked bags per passenger, or None for carry-on\n      only.\n\n  Returns:\n    A dictionary with cost breakdown.\n  ',
  parameters: objectOf(
    {
      base_fare: num,
      num_passengers: { default: 1, type: Type.INTEGER },
      insurance: { default: false, type: Type.BOOLEAN },
      baggage_count: { nullable: true, type: Type.INTEGER },
    },
    ['base_fare'],
  ),
  response: obj,
  execute: (args) => {
    const baseFare = Number(args['base_fare']);
    const passengers = Number(args['num_passengers'] ?? 1);
    const insurance = Boolean(args['insurance'] ?? false);
    const baggage = args['baggage_count'] ?? null;
    const subtotal = baseFare * passengers;
    const insuranceCost = insurance ? subtotal * 0.1 : 0;
    let baggageCost = 0;
    if (typeof baggage === 'number' && baggage > 0) {
      baggageCost = Math.max(0, baggage - 1) * 35 * passengers;
    }
    return {
      base_fare: baseFare,
      num_passengers: passengers,
      subtotal,
      insurance_included: insurance,
      insurance_cost: insuranceCost,
      baggage_count: baggage,
      baggage_cost: baggageCost,
      total_cost: subtotal + insuranceCost + baggageCost,
    };
  },
};

// ---------------------------------------------------------------------------
// tools_agent_009 (FUNCTIONS.md §4, reconstructed from the recordings)
// ---------------------------------------------------------------------------

const reimbursementParameters = objectOf({ purpose: str, amount: num }, ['purpose', 'amount']);

/** `tools_agent_009.tools.reimburse(purpose: str, amount: float) -> str`, which returns `{status: 'ok'}`. */
export const reimburse: FunctionToolSpec = {
  name: 'reimburse',
  description: 'Reimburse the amount of money to the employee.',
  parameters: reimbursementParameters,
  response: { type: Type.STRING },
  execute: () => ({ status: 'ok' }),
};

/**
 * `tools_agent_009.tools.ask_for_approval(purpose: str, amount: float) -> dict`,
 * wrapped in `LongRunningFunctionTool` by the YAML (which appends the
 * long-running note to the description): a pending ticket.
 */
export const askForApproval: FunctionToolSpec = {
  name: 'ask_for_approval',
  description: 'Ask for approval for the reimbursement.',
  parameters: reimbursementParameters,
  response: obj,
  execute: ({ amount }) => ({
    status: 'pending',
    amount,
    ticketId: 'reimbursement-ticket-001',
  }),
};

/**
 * Every function and callback of the corpus under the dotted name its YAML
 * agents use, ready for `loadAgentFromYamlFile(path, {registry})`.
 */
export const conformanceRegistry: ConfigRegistry = {
  'callback_agent_001.callbacks.before_agent_callback1': beforeAgentCallback1,
  'callback_agent_001.callbacks.before_agent_callback2': beforeAgentCallback2,
  'callback_agent_002.callbacks.shortcut_agent_execution': shortcutAgentExecution,
  'callback_agent_003.callbacks.after_agent_callback1': afterAgentCallback1,
  'callback_agent_003.callbacks.after_agent_callback2': afterAgentCallback2,
  'tools_agent_002.tools.validate_email': validateEmail,
  'tools_agent_002.tools.get_user_id': getUserId,
  'tools_agent_002.tools.create_booking': createBooking,
  'tools_agent_004.tools.search_flights': searchFlights,
  'tools_agent_004.tools.calculate_trip_cost': calculateTripCost,
  'tools_agent_009.tools.reimburse': reimburse,
  'tools_agent_009.tools.ask_for_approval': askForApproval,
};

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

// Python's `str(type(value))` for JSON values.
function pythonTypeName(value: unknown): string {
  if (value === null || value === undefined) return "<class 'NoneType'>";
  if (typeof value === 'boolean') return "<class 'bool'>";
  if (typeof value === 'number')
    return Number.isInteger(value) ? "<class 'int'>" : "<class 'float'>";
  if (typeof value === 'string') return "<class 'str'>";
  if (Array.isArray(value)) return "<class 'list'>";
  return "<class 'dict'>";
}

// Python's `str()` of a JSON value, for f-strings.
function pythonStr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return String(value);
}

// FNV-1a: stable across processes, unlike Python's salted `hash`.
function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
