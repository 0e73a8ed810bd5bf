import { describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import { LiveRequestQueue } from '../context/live-request-queue.js';
import type { RunConfig } from '../context/run-config.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { InvalidRunConfigError } from '../errors/invalid-run-config-error.js';
import type { Event } from '../events/event.js';
import { textResponse } from '../testing/scripted-llm.js';
import { ScriptedLiveLlm } from '../testing/scripted-live-llm.js';
import { InMemoryRunner } from './in-memory-runner.js';

// adk-python runners.py run_live and _new_invocation_context_for_live: the live
// defaults; and the check of the modalities the model can answer in.

async function runOnce(
  agent: LlmAgent,
  runConfig?: Partial<RunConfig>,
): Promise<{ events: Event[]; error: unknown }> {
  const runner = new InMemoryRunner({ agent, appName: 'app' });
  await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
  const queue = new LiveRequestQueue();
  queue.sendContent({ role: 'user', parts: [{ text: 'hi' }] });
  const events: Event[] = [];
  try {
    for await (const event of runner.runLive({
      userId: 'u',
      sessionId: 's',
      liveRequestQueue: queue,
      ...(runConfig ? { runConfig } : {}),
    })) {
      events.push(event);
      if (event.turnComplete) queue.close();
    }
  } catch (error) {
    return { events, error };
  }
  return { events, error: undefined };
}

const oneTurn = () => [[textResponse('Hello'), { turnComplete: true }]];

describe('Runner.runLive run config', () => {
  it('asks for audio answers when no modality is set, and turns no transcription on for a lone agent', async () => {
    const model = new ScriptedLiveLlm({ turns: oneTurn() });
    await runOnce(new LlmAgent({ name: 'solo', model }));
    expect(model.requests[0]?.liveConnectConfig).toEqual({ responseModalities: ['AUDIO'] });
  });

  it('turns input and output transcription on when the root agent has sub-agents', async () => {
    const model = new ScriptedLiveLlm({ turns: oneTurn() });
    const helper = new LlmAgent({ name: 'helper', model: new ScriptedLiveLlm({ turns: [] }) });
    await runOnce(new LlmAgent({ name: 'root', model, subAgents: [helper] }));
    expect(model.requests[0]?.liveConnectConfig).toEqual({
      responseModalities: ['AUDIO'],
      inputAudioTranscription: {},
      outputAudioTranscription: {},
    });
  });

  it('does not turn output transcription on for text answers', async () => {
    const model = new ScriptedLiveLlm({ turns: oneTurn() });
    const helper = new LlmAgent({ name: 'helper', model: new ScriptedLiveLlm({ turns: [] }) });
    await runOnce(new LlmAgent({ name: 'root', model, subAgents: [helper] }), {
      responseModalities: ['text'],
    });
    expect(model.requests[0]?.liveConnectConfig).toEqual({
      responseModalities: ['TEXT'],
      inputAudioTranscription: {},
    });
  });

  it('refuses audio from a text-only model before connecting', async () => {
    const model = new ScriptedLiveLlm({ turns: oneTurn(), responseModalities: ['TEXT'] });
    const { events, error } = await runOnce(new LlmAgent({ name: 'solo', model }));
    expect(InvalidRunConfigError.isInstance(error)).toBe(true);
    expect((error as InvalidRunConfigError).field).toBe('responseModalities');
    expect((error as Error).message).toContain('answers in TEXT only');
    expect(events).toEqual([]);
    expect(model.connections).toHaveLength(0);
    const text = await runOnce(new LlmAgent({ name: 'solo', model }), {
      responseModalities: ['TEXT'],
    });
    expect(text.error).toBeUndefined();
    expect(text.events[0]?.content?.parts?.[0]?.text).toBe('Hello');
  });

  it('refuses user content that calls a function, ending the run with InvalidArgumentError', async () => {
    const model = new ScriptedLiveLlm({ turns: oneTurn() });
    const runner = new InMemoryRunner({
      agent: new LlmAgent({ name: 'solo', model }),
      appName: 'app',
    });
    await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
    const queue = new LiveRequestQueue();
    queue.sendContent({
      role: 'user',
      parts: [{ functionCall: { name: 'get_weather', args: {} } }],
    });
    let error: unknown;
    try {
      for await (const event of runner.runLive({
        userId: 'u',
        sessionId: 's',
        liveRequestQueue: queue,
      }))
        void event;
    } catch (caught) {
      error = caught;
    }
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe('User message cannot contain function calls.');
    expect(model.connections[0]?.contents).toEqual([]);
    expect(model.connections[0]?.closed).toBe(true);
  });

  it('refuses an invalid run config before opening anything', async () => {
    const model = new ScriptedLiveLlm({ turns: oneTurn() });
    const { error } = await runOnce(new LlmAgent({ name: 'solo', model }), {
      responseModalities: ['SMELL'],
    });
    expect(InvalidRunConfigError.isInstance(error)).toBe(true);
    expect(model.connections).toHaveLength(0);
  });
});
