import type { Event } from '../events/event.js';
import type { Content } from '../types/index.js';
import {
  createRequestInputResponse,
  REQUEST_INPUT_FUNCTION_CALL_NAME,
} from '../workflow/request-input-event.js';

/** One human-input request a workflow is waiting on. */
export interface PendingRequestInput {
  /** The interrupt id (the `adk_request_input` call's id). */
  readonly id: string;
  /** The request's message, when it has one. */
  readonly message: string | undefined;
}

/**
 * The human-input requests (`adk_request_input` calls marked long-running,
 * spec 004 §5) a turn of `adk run` ended with, in the order they came, so
 * the chat can send the user's next line as the answer to the first one.
 */
export class PendingRequestInputs {
  private pending: PendingRequestInput[] = [];

  /** Notes the requests `event` makes. */
  add(event: Event): void {
    const longRunning = new Set(event.longRunningToolIds ?? []);
    for (const part of event.content?.parts ?? []) {
      const call = part.functionCall;
      if (call?.name !== REQUEST_INPUT_FUNCTION_CALL_NAME || call.id === undefined) continue;
      if (!longRunning.has(call.id)) continue;
      const message = call.args?.['message'];
      this.pending.push({
        id: call.id,
        message: typeof message === 'string' ? message : undefined,
      });
    }
  }

  /** The first request still waiting, if any. */
  first(): PendingRequestInput | undefined {
    return this.pending[0];
  }

  /**
   * The user message that answers the first request with `line`: a function
   * response `{result: value}`, the value being `line` read as JSON when it
   * is JSON (`true`, `42`, `{"approved": false}`), else the text itself.
   * The request is then no longer pending.
   */
  answer(line: string): Content {
    const request = this.pending.shift();
    if (request === undefined) return { role: 'user', parts: [{ text: line }] };
    return {
      role: 'user',
      parts: [createRequestInputResponse(request.id, { result: parseAnswer(line) })],
    };
  }
}

function parseAnswer(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return line;
  }
}
