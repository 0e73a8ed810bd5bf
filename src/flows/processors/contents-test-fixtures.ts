import type { AgentContract } from '../../context/agent-contract.js';
import { createEvent, type Event, type EventInit } from '../../events/event.js';
import { createLlmRequest } from '../../models/llm-request.js';
import type { LlmAgentContract } from '../llm-agent-contract.js';
import { ScriptedAgent } from '../../testing/test-agents.js';
import { createTestInvocationContext } from '../../testing/test-invocation-context.js';
import type { Content, Part } from '../../types/index.js';
import { contentsRequestProcessor } from './contents.js';

// Shared by contents-include-contents, -filtered-events, -empty-content, -function-call-ids,
// -instructions and -get-contents.test.ts.

/** A user content of one text. */
export const user = (text: string): Content => ({ role: 'user', parts: [{ text }] });

/** A model content: one text, or the parts given. */
export const model = (parts: string | Part[]): Content => ({
  role: 'model',
  parts: typeof parts === 'string' ? [{ text: parts }] : parts,
});

/** An event of `invocationId` by `author`, with `content` and `extra` fields. */
export function event(
  invocationId: string,
  author: string,
  content?: Content,
  extra: Partial<EventInit> = {},
): Event {
  return createEvent({ invocationId, author, ...(content ? { content } : {}), ...extra });
}

interface AgentOptions {
  includeContents?: 'default' | 'none';
  canonicalModel?: object;
}

/** An agent called `name`, with the include-contents options given. */
export function agentNamed(name: string, options: AgentOptions = {}): AgentContract {
  return Object.assign(new ScriptedAgent({ name }), options);
}

/** Runs the processor as the flow does and returns the request's contents. */
export async function processContents(
  agent: AgentContract,
  events: Event[],
  { branch, contents = [] }: { branch?: string; contents?: Content[] } = {},
): Promise<Content[]> {
  const context = await createTestInvocationContext({
    agent,
    ...(branch ? { branch } : {}),
  });
  context.session.events = events;
  const request = createLlmRequest({ model: 'gemini-2.5-flash', contents });
  const run = contentsRequestProcessor.runAsync(
    context,
    request,
    agent as unknown as LlmAgentContract,
  );
  for await (const _event of run);
  return request.contents;
}

/** A function-call part. */
export const call = (
  id: string,
  name = 'test_tool',
  args: Record<string, unknown> = { x: 1 },
): Part => ({
  functionCall: { id, name, args },
});

/** A function-response part. */
export const response = (
  id: string,
  name = 'test_tool',
  result: Record<string, unknown> = { result: 2 },
): Part => ({
  functionResponse: { id, name, response: result },
});
