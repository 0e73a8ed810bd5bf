import type { Content } from '../types/index.js';
import { CLIENT_FUNCTION_CALL_ID_PREFIX } from '../utils/ids.js';

/**
 * Removes, in place, the ids the client generated (`adk-…`, spec 000 §6.9)
 * from the function calls and function responses of `content`, so the model
 * never sees them (Python `remove_client_function_call_id`). Ids the model
 * itself returned are kept. Call it on a copy, never on a session's content.
 */
export function removeClientFunctionCallIds(content: Content | undefined): void {
  for (const part of content?.parts ?? []) {
    if (part.functionCall?.id?.startsWith(CLIENT_FUNCTION_CALL_ID_PREFIX)) {
      delete part.functionCall.id;
    }
    if (part.functionResponse?.id?.startsWith(CLIENT_FUNCTION_CALL_ID_PREFIX)) {
      delete part.functionResponse.id;
    }
  }
}
