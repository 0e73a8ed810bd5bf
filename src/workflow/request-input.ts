import { newUuid } from '../utils/ids.js';
import type { NodeSchema } from './node-schema.js';

const marker = Symbol.for('adk-ts.workflow.RequestInput');

/** Fields of a new RequestInput. */
export interface RequestInputParams {
  /** The interrupt's id; a fresh uuid4 when omitted (Python's default). */
  interruptId?: string;
  /** Data the client may need to answer (shown or passed back). */
  payload?: unknown;
  /** What to tell the human. */
  message?: string;
  /** The shape of the expected answer; sent as JSON Schema. */
  responseSchema?: NodeSchema;
}

/**
 * A request for human input (Python `events/request_input.py`, 004 §5). A node
 * yields one to pause: `BaseNode.run` turns it into an `adk_request_input`
 * function call marked long-running, the workflow stops, and a function
 * response with the same id resumes it.
 */
export class RequestInput {
  private readonly [marker] = true;
  readonly interruptId: string;
  readonly payload: unknown;
  readonly message: string | undefined;
  readonly responseSchema: NodeSchema | undefined;

  constructor(params: RequestInputParams = {}) {
    this.interruptId = params.interruptId ?? newUuid();
    this.payload = params.payload;
    this.message = params.message;
    this.responseSchema = params.responseSchema;
  }
}

/** True for a RequestInput from any copy of this package. */
export function isRequestInput(value: unknown): value is RequestInput {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[marker] === true
  );
}
