import { LlmAgent } from '../agents/llm-agent.js';
import type { BaseArtifactService } from '../artifacts/base-artifact-service.js';
import type { Event } from '../events/event.js';
import { App } from '../runner/app.js';
import { Runner } from '../runner/runner.js';
import { InMemoryArtifactService } from '../artifacts/in-memory-artifact-service.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import type { ScriptedLlm } from '../testing/scripted-llm.js';
import type { BaseTool } from '../tools/base-tool.js';
import type { Content } from '../types/index.js';
import type { BasePlugin } from './base-plugin.js';

// Shared by the tests of the bundled plugins: an app run turn by turn through a real Runner.

/** What a run of several turns leaves behind. */
export interface PluginRun {
  runner: Runner;
  /** The events of every turn, in order. */
  events: Event[];
  /** The events of each turn. */
  turns: Event[][];
}

/** How to build the app the turns run in. */
export interface PluginRunOptions {
  plugins: BasePlugin[];
  model: ScriptedLlm;
  tools?: BaseTool[];
  instruction?: string;
  /** Default: an in-memory artifact service; `null` runs without one. */
  artifactService?: BaseArtifactService | null;
  state?: Record<string, unknown>;
}

/** Runs one LlmAgent (`root_agent` in app `test_app`) for each message, in one session. */
export async function runTurns(
  options: PluginRunOptions,
  messages: readonly (string | Content)[],
): Promise<PluginRun> {
  const agent = new LlmAgent({
    name: 'root_agent',
    model: options.model,
    tools: options.tools ?? [],
    ...(options.instruction === undefined ? {} : { instruction: options.instruction }),
  });
  const app = new App({ name: 'test_app', rootAgent: agent, plugins: options.plugins });
  const artifactService =
    options.artifactService === null
      ? undefined
      : (options.artifactService ?? new InMemoryArtifactService());
  const runner = new Runner({
    app,
    sessionService: new InMemorySessionService(),
    ...(artifactService ? { artifactService } : {}),
  });
  await runner.sessionService.createSession({
    appName: 'test_app',
    userId: 'u',
    sessionId: 's',
    ...(options.state ? { state: options.state } : {}),
  });
  const turns: Event[][] = [];
  for (const message of messages) {
    const turn: Event[] = [];
    const newMessage: Content =
      typeof message === 'string' ? { role: 'user', parts: [{ text: message }] } : message;
    for await (const event of runner.runAsync({ userId: 'u', sessionId: 's', newMessage })) {
      turn.push(event);
    }
    turns.push(turn);
  }
  return { runner, events: turns.flat(), turns };
}

/** The role and texts of each content, for compact assertions on a request. */
export function roleTexts(contents: readonly Content[]): string[] {
  return contents.map(
    (content) =>
      `${content.role}: ${(content.parts ?? [])
        .map(
          (part) =>
            part.text ??
            (part.functionCall ? `call ${part.functionCall.name}` : undefined) ??
            (part.functionResponse ? `response ${part.functionResponse.name}` : undefined) ??
            Object.keys(part).join(','),
        )
        .join(' | ')}`,
  );
}
