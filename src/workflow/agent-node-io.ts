import type { Event } from '../events/event.js';
import { hasFunctionCalls } from '../events/event-predicates.js';
import type { OutputSchema } from '../flows/llm-agent-contract.js';
import type { Content } from '../types/index.js';
import { isContent } from './node-schema.js';

/**
 * A node input as the user turn an agent answers (Python
 * `content_utils.to_user_content`): a string becomes one text part, a
 * `Content` is kept (its role made `user`), any other value is sent as its
 * JSON text.
 */
export function toUserContent(nodeInput: unknown): Content {
  if (isContent(nodeInput)) return { ...nodeInput, role: 'user' };
  const text = typeof nodeInput === 'string' ? nodeInput : (JSON.stringify(nodeInput) ?? '');
  return { role: 'user', parts: [{ text }] };
}

/**
 * Marks an LLM agent's final answer as the node's output (Python
 * `process_llm_agent_output`): for a complete model message without function
 * calls, `output` becomes its text (thoughts left out), or with an output
 * schema the text parsed as JSON and validated (nothing when the text is
 * blank). Without a schema the event is flagged `messageAsOutput`: the
 * message itself is the output. Other events are left as they are.
 */
export function markAgentOutput(event: Event, outputSchema: OutputSchema | undefined): void {
  const content = event.content;
  if (hasFunctionCalls(event) || event.partial || !content || content.role !== 'model') return;
  const text = (content.parts ?? [])
    .filter((part) => part.text && !part.thought)
    .map((part) => part.text)
    .join('');
  if (outputSchema) {
    if (text.trim()) event.output = outputSchema.parse(JSON.parse(text));
    return;
  }
  event.output = text;
  // The node runner sets the path when it sends the event.
  event.nodeInfo = { path: '', ...event.nodeInfo, messageAsOutput: true };
}
