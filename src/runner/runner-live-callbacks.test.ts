import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import type {
  AfterModelHookArguments,
  AfterToolHookArguments,
  BeforeModelHookArguments,
  BeforeToolHookArguments,
  EventHookArguments,
} from '../context/hook-arguments.js';
import { LiveRequestQueue } from '../context/live-request-queue.js';
import type { Event } from '../events/event.js';
import type { LlmResponse } from '../events/llm-response.js';
import { BasePlugin } from '../plugins/base-plugin.js';
import { functionCallResponse, textResponse } from '../testing/scripted-llm.js';
import { ScriptedLiveLlm, type ScriptedLiveLlmOptions } from '../testing/scripted-live-llm.js';
import { FunctionTool } from '../tools/function-tool.js';
import { InMemoryRunner } from './in-memory-runner.js';

// adk-python flows/llm_flows/_live_llm_flow.py: tools run with their callbacks and
// plugin hooks, and the three live callback sites screen what is said.

const textOf = (event: Event | undefined) => event?.content?.parts?.[0]?.text;
const say = (queue: LiveRequestQueue, text: string) =>
  queue.sendContent({ role: 'user', parts: [{ text }] });

async function live(
  agent: LlmAgent,
  react: (event: Event, queue: LiveRequestQueue, events: Event[]) => void,
  plugins: BasePlugin[] = [],
): Promise<{ events: Event[]; stored: Event[] }> {
  const runner = new InMemoryRunner({ agent, appName: 'app', plugins });
  await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
  const queue = new LiveRequestQueue();
  say(queue, 'hi');
  const events: Event[] = [];
  for await (const event of runner.runLive({
    userId: 'u',
    sessionId: 's',
    liveRequestQueue: queue,
    runConfig: { responseModalities: ['TEXT'] },
  })) {
    events.push(event);
    react(event, queue, events);
  }
  const session = await runner.sessionService.getSession({
    appName: 'app',
    userId: 'u',
    sessionId: 's',
  });
  return { events, stored: session?.events ?? [] };
}

const blockedReply = (text: string): LlmResponse => textResponse(text);

describe('Runner.runLive callbacks and plugins', () => {
  it('runs a live tool call with the tool callbacks and plugin hooks, and screens typed text once', async () => {
    const seen: string[] = [];
    class Recorder extends BasePlugin {
      constructor() {
        super('recorder');
      }
      override beforeRunCallback() {
        seen.push('beforeRun');
        return undefined;
      }
      override beforeModelCallback({ request }: BeforeModelHookArguments) {
        seen.push(`beforeModel:${textOf({ content: request.contents[0] } as Event)}`);
        return undefined;
      }
      override afterModelCallback() {
        seen.push('afterModel');
        return undefined;
      }
      override beforeToolCallback({ tool }: BeforeToolHookArguments) {
        seen.push(`beforeTool:${tool.name}`);
        return undefined;
      }
      override afterToolCallback({ tool }: AfterToolHookArguments) {
        seen.push(`afterTool:${tool.name}`);
        return undefined;
      }
      override onEventCallback({ event }: EventHookArguments) {
        seen.push(`onEvent:${event.author}`);
        return undefined;
      }
      override afterRunCallback() {
        seen.push('afterRun');
      }
    }
    const tool = new FunctionTool({
      name: 'lookup',
      description: 'Looks a word up.',
      parameters: z.object({ word: z.string() }),
      execute: ({ word }) => ({ meaning: `${word}!` }),
    });
    const agentSeen: string[] = [];
    const model = new ScriptedLiveLlm({
      turns: [
        [functionCallResponse('lookup', { word: 'hi' })],
        [textResponse('It means hello.'), { turnComplete: true }],
      ],
    });
    const agent = new LlmAgent({
      name: 'live_agent',
      model,
      tools: [tool],
      beforeToolCallback: ({ args }) => {
        agentSeen.push(`beforeTool:${String(args['word'])}`);
        return undefined;
      },
      afterToolCallback: ({ response }) => ({ ...response, checked: true }),
    });
    const { events } = await live(
      agent,
      (event, queue) => {
        if (event.turnComplete) queue.close();
      },
      [new Recorder()],
    );
    expect(seen).toEqual([
      'beforeRun',
      'beforeModel:hi',
      'onEvent:live_agent',
      'beforeTool:lookup',
      'afterTool:lookup',
      'onEvent:live_agent',
      'onEvent:live_agent',
      'onEvent:live_agent',
      'afterRun',
    ]);
    expect(agentSeen).toEqual(['beforeTool:hi']);
    expect(events[1]?.content?.parts?.[0]?.functionResponse?.response).toEqual({
      meaning: 'hi!',
      checked: true,
    });
    expect(model.connections[0]?.contents.at(-1)).toEqual(events[1]?.content);
  });

  it('blocks typed text a before-model callback answers: the answer is yielded, the text never reaches the model', async () => {
    const model = new ScriptedLiveLlm({
      turns: [[textResponse('Hello!'), { turnComplete: true }]],
    });
    const agent = new LlmAgent({
      name: 'live_agent',
      model,
      beforeModelCallback: ({ request }) =>
        textOf({ content: request.contents[0] } as Event)?.includes('password')
          ? blockedReply('I cannot discuss that.')
          : undefined,
    });
    const { events, stored } = await live(agent, (event, queue, seen) => {
      if (textOf(event) === 'Hello!') say(queue, 'my password is 1234');
      if (event.turnComplete && seen.filter((item) => item.turnComplete).length === 2)
        queue.close();
    });
    const blocked = events.find((event) => textOf(event) === 'I cannot discuss that.');
    expect(blocked).toMatchObject({ author: 'live_agent', turnComplete: true });
    expect(model.connections[0]?.contents.map((content) => content.parts?.[0]?.text)).toEqual([
      'hi',
    ]);
    // Stored as the user said it (before the screening), then the refusal.
    expect(stored.map((event) => textOf(event)).filter((text) => text !== undefined)).toEqual([
      'hi',
      'Hello!',
      'my password is 1234',
      'I cannot discuss that.',
    ]);
  });

  it('blocks the model answer an after-model callback refuses as its transcript grows, and restarts the session', async () => {
    const turns: ScriptedLiveLlmOptions['turns'] = [
      [
        { outputTranscription: { text: 'The secret ' } },
        { outputTranscription: { text: 'code is' } },
        { outputTranscription: { text: ' 42' } },
        { turnComplete: true },
      ],
      [textResponse('Anything else?'), { turnComplete: true }],
    ];
    const model = new ScriptedLiveLlm({ turns });
    const offered: string[] = [];
    const agent = new LlmAgent({
      name: 'live_agent',
      model,
      afterModelCallback: ({ response }: AfterModelHookArguments) => {
        const text = response.outputTranscription?.text ?? '';
        offered.push(text);
        return text.includes('code') ? blockedReply('[redacted]') : undefined;
      },
    });
    const { events } = await live(agent, (event, queue) => {
      if (textOf(event) === '[redacted]') say(queue, 'ok');
      if (textOf(event) === 'Anything else?') queue.close();
    });
    expect(offered).toEqual(['The secret ', 'The secret code is']);
    expect(events.map((event) => event.outputTranscription?.text ?? textOf(event))).toEqual([
      'The secret ',
      '[redacted]',
      'Anything else?',
      undefined,
    ]);
    // The first session is dropped with the rest of its answer; a new one carries on.
    expect(model.connections).toHaveLength(2);
    expect(model.connections[0]?.closed).toBe(true);
    expect(model.connections[1]?.contents).toEqual([{ role: 'user', parts: [{ text: 'ok' }] }]);
  });

  it('blocks spoken input a before-model callback refuses once its transcription is finished, and restarts', async () => {
    const turns: ScriptedLiveLlmOptions['turns'] = [
      [
        { inputTranscription: { text: 'tell me the code', finished: true } },
        textResponse('The code is 42.'),
        { turnComplete: true },
      ],
      [textResponse('Sure.'), { turnComplete: true }],
    ];
    const model = new ScriptedLiveLlm({ turns });
    const agent = new LlmAgent({
      name: 'live_agent',
      model,
      beforeModelCallback: ({ request }) =>
        textOf({ content: request.contents[0] } as Event)?.includes('code')
          ? blockedReply('Not allowed.')
          : undefined,
    });
    const { events } = await live(agent, (event, queue) => {
      if (textOf(event) === 'Not allowed.') say(queue, 'fine');
      if (textOf(event) === 'Sure.') queue.close();
    });
    expect(events.map((event) => event.inputTranscription?.text ?? textOf(event))).toEqual([
      'tell me the code',
      'Not allowed.',
      'Sure.',
      undefined,
    ]);
    expect(events[0]?.author).toBe('user');
    expect(model.connections).toHaveLength(2);
    expect(model.connections[0]?.closed).toBe(true);
  });
});
