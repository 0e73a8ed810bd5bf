import type {
  ConversationItem,
  RealtimeConversationItemAssistantMessage,
  RealtimeConversationItemUserMessage,
} from 'openai/resources/realtime/realtime';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import type { Content, FunctionResponse, Part } from '../../types/index.js';
import { MissingFunctionCallIds } from '../missing-function-call-ids.js';

/** The prefix of the ids given to history function calls that came without one. */
const MISSING_ID_PREFIX = 'call_adk_';

/**
 * The conversation items for a session history, in order: a user content's
 * texts and images as one user message (images as `input_image` data URLs),
 * its function responses as `function_call_output` items; a model
 * content's texts (thoughts left out) as one assistant message, its
 * function calls as `function_call` items. Audio parts are left out, as on
 * Gemini: they were transcribed into the history already, and they were
 * recorded at another rate than the API's. Calls and responses without an
 * id are paired by name (`MissingFunctionCallIds`).
 */
export function historyItems(history: Content[]): ConversationItem[] {
  const ids = new MissingFunctionCallIds(MISSING_ID_PREFIX);
  return history.flatMap((content) => contentItems(content, ids));
}

/**
 * The items of one user content sent during the session: as
 * `historyItems` gives them, except that a function response must carry
 * the id of the call it answers (`InvalidArgumentError` otherwise), since
 * the API pairs them by it.
 */
export function userContentItems(content: Content): ConversationItem[] {
  for (const part of content.parts ?? []) {
    if (part.functionResponse && !part.functionResponse.id) {
      throw new InvalidArgumentError({
        message: `The function response for ${part.functionResponse.name ?? 'a call'} needs the id of its call.`,
        argument: 'content',
      });
    }
  }
  return contentItems({ ...content, role: 'user' }, new MissingFunctionCallIds(MISSING_ID_PREFIX));
}

function contentItems(content: Content, ids: MissingFunctionCallIds): ConversationItem[] {
  const parts = content.parts ?? [];
  const items: ConversationItem[] = [];
  if (content.role === 'model') {
    const texts = parts.flatMap((part) =>
      part.text && !part.thought ? [{ type: 'output_text' as const, text: part.text }] : [],
    );
    if (texts.length > 0) {
      const message: RealtimeConversationItemAssistantMessage = {
        type: 'message',
        role: 'assistant',
        content: texts,
      };
      items.push(message);
    }
    for (const part of parts) {
      const call = part.functionCall;
      if (!call) continue;
      const name = call.name ?? '';
      items.push({
        type: 'function_call',
        call_id: call.id || ids.forCall(name),
        name,
        arguments: JSON.stringify(call.args ?? {}),
      });
    }
    return items;
  }
  const userParts = parts.flatMap(userMessagePart);
  if (userParts.length > 0) {
    const message: RealtimeConversationItemUserMessage = {
      type: 'message',
      role: 'user',
      content: userParts,
    };
    items.push(message);
  }
  for (const part of parts) {
    const response = part.functionResponse;
    if (!response) continue;
    items.push({
      type: 'function_call_output',
      call_id: response.id || ids.forResponse(response.name ?? ''),
      output: functionOutput(response),
    });
  }
  return items;
}

function userMessagePart(part: Part): RealtimeConversationItemUserMessage.Content[] {
  if (part.text && !part.thought) return [{ type: 'input_text', text: part.text }];
  const data = part.inlineData;
  if (data?.data && data.mimeType?.startsWith('image/')) {
    return [{ type: 'input_image', image_url: `data:${data.mimeType};base64,${data.data}` }];
  }
  return [];
}

/** A function's answer as the output text the API takes: its response as JSON. */
function functionOutput(response: FunctionResponse): string {
  return JSON.stringify(response.response ?? {});
}
