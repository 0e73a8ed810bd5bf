import type { Event } from '../events/event.js';
import type { Content } from '../types/index.js';
import { credentialRequestOf, type CredentialRequest } from './credential-prompt.js';
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
 * the chat can send the user's next line as the answer to the first one;
 * and the credential requests (`adk_request_credential`, long-running),
 * which the chat answers all together (see `takeCredentialRequests`).
 */
export class PendingRequestInputs {
  private pending: PendingRequestInput[] = [];
  private credentials: CredentialRequest[] = [];

  /** Notes the requests `event` makes. */
  add(event: Event): void {
    const longRunning = new Set(event.longRunningToolIds ?? []);
    for (const part of event.content?.parts ?? []) {
      const call = part.functionCall;
      if (call?.id === undefined || !longRunning.has(call.id)) continue;
      const credential = credentialRequestOf(call);
      if (credential) this.credentials.push(credential);
      if (call.name !== REQUEST_INPUT_FUNCTION_CALL_NAME) continue;
      const message = call.args?.['message'];
      this.pending.push({
        id: call.id,
        message: typeof message === 'string' ? message : undefined,
      });
    }
  }

  /**
   * The credential requests still waiting, in the order they came; they are
   * then no longer pending. One message answers them all, so the auth step
   * sees every answer in the same turn (a toolset may ask for two).
   */
  takeCredentialRequests(): CredentialRequest[] {
    return this.credentials.splice(0);
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
