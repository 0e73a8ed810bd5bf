import { Context } from '../context/context.js';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import type { InMemoryRunner } from '../runner/in-memory-runner.js';
import { ScriptedAgent, userText } from '../testing/test-agents.js';
import { createTestInvocationContext } from '../testing/test-invocation-context.js';
import type { Part } from '../types/index.js';
import type { AgentTool } from './agent-tool.js';

// Shared by the agent-tool-*.test.ts files.

/** Creates session `s` of user `u` with `state` and runs `message` in it; returns the events. */
export async function run(
  runner: InMemoryRunner,
  message: string,
  state: Record<string, unknown> = {},
): Promise<Event[]> {
  await runner.sessionService.createSession({
    appName: runner.appName,
    userId: 'u',
    sessionId: 's',
    state,
  });
  const events: Event[] = [];
  for await (const event of runner.runAsync({
    userId: 'u',
    sessionId: 's',
    newMessage: userText(message),
  })) {
    events.push(event);
  }
  return events;
}

/** The function responses in `events`, in order. */
export function functionResponses(events: readonly Event[]): Part['functionResponse'][] {
  return events.flatMap((event) =>
    (event.content?.parts ?? [])
      .filter((part) => part.functionResponse)
      .map((part) => part.functionResponse),
  );
}

/** Runs `tool` directly in a tool context of a fresh test invocation. */
export async function callTool(
  tool: AgentTool,
  args: Record<string, unknown>,
  contextOptions: Parameters<typeof createTestInvocationContext>[0] = {},
): Promise<{ result: unknown; context: Context }> {
  const context = new Context(await createTestInvocationContext(contextOptions), {
    functionCallId: 'call-1',
  });
  return { result: await tool.runAsync({ args, context }), context };
}

/** An agent that records the invocation it runs in and answers with `events`. */
export function capturingAgent() {
  const seen: InvocationContext[] = [];
  const agent = new ScriptedAgent({
    name: 'inner_agent',
    description: 'static',
    steps: [
      (context) => {
        seen.push(context);
      },
    ],
  });
  return { agent, seen };
}
