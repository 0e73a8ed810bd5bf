import { createEvent, type Event, type EventInit } from '../events/event.js';
import type { Part } from '../types/index.js';
import { nodeSchemaToJsonSchema } from './node-schema.js';
import type { RequestInput } from './request-input.js';

/** The function-call name of a human-input interrupt (Python `REQUEST_INPUT_FUNCTION_CALL_NAME`). */
export const REQUEST_INPUT_FUNCTION_CALL_NAME = 'adk_request_input';

/**
 * The interrupt event for `requestInput` (Python
 * `create_request_input_event`): a model `adk_request_input` function call
 * whose id is the interrupt id, marked long-running. Its args are Python's,
 * key for key: `interruptId`, `payload`, `message` (null when unset) and
 * `response_schema` (JSON Schema, or null).
 */
export function createRequestInputEvent(
  requestInput: RequestInput,
  fields: Pick<EventInit, 'author'> & Partial<Pick<EventInit, 'invocationId' | 'branch'>>,
): Event {
  const id = requestInput.interruptId;
  const args: Record<string, unknown> = {
    interruptId: id,
    payload: requestInput.payload ?? null,
    message: requestInput.message ?? null,
    response_schema:
      requestInput.responseSchema === undefined
        ? null
        : nodeSchemaToJsonSchema(requestInput.responseSchema),
  };
  return createEvent({
    ...fields,
    content: {
      role: 'model',
      parts: [{ functionCall: { name: REQUEST_INPUT_FUNCTION_CALL_NAME, args, id } }],
    },
    longRunningToolIds: [id],
  });
}

/** The interrupt ids of the `adk_request_input` calls in `event`. */
export function getRequestInputInterruptIds(event: Pick<Event, 'content'>): string[] {
  const ids: string[] = [];
  for (const part of event.content?.parts ?? []) {
    const call = part.functionCall;
    if (call?.name === REQUEST_INPUT_FUNCTION_CALL_NAME && call.id !== undefined) ids.push(call.id);
  }
  return ids;
}

/**
 * The answer to a human-input interrupt (Python
 * `create_request_input_response`): a function-response part with the
 * interrupt's id, to send as (part of) the user's next message. A workflow
 * resumed by it reads `{result: x}` as `x`.
 */
export function createRequestInputResponse(
  interruptId: string,
  response: Record<string, unknown>,
): Part {
  return {
    functionResponse: { id: interruptId, name: REQUEST_INPUT_FUNCTION_CALL_NAME, response },
  };
}
