import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import { LiveRequestQueue } from '../context/live-request-queue.js';
import { createRunConfig } from '../context/run-config.js';
import type { Event } from '../events/event.js';
import { functionCallResponse, textResponse } from '../testing/scripted-llm.js';
import { ScriptedLiveLlm } from '../testing/scripted-live-llm.js';
import { createTestInvocationContext } from '../testing/test-invocation-context.js';
import { FunctionTool } from '../tools/function-tool.js';
import { runLiveFlow } from './live-flow.js';
import { cacheUserAudio } from './live-transcription-cache.js';

function liveAgent(model: ScriptedLiveLlm): LlmAgent {
  return new LlmAgent({
    name: 'live_agent',
    model,
    tools: [
      new FunctionTool({
        name: 'get_weather',
        description: 'The weather in a city.',
        parameters: z.object({ city: z.string() }),
        execute: ({ city }) => ({ weather: `sunny in ${city}` }),
      }),
    ],
  });
}

async function drain(
  stream: AsyncGenerator<Event, void, undefined>,
  onEvent: (event: Event) => void,
): Promise<void> {
  for await (const event of stream) onEvent(event);
}

const chunk = (data: string) => ({ data, mimeType: 'audio/pcm;rate=16000' });

describe('the transcription cache of a live run (Python TranscriptionEntry)', () => {
  it('keeps user audio, typed text, final model text and function calls in order when the model does not transcribe', async () => {
    const model = new ScriptedLiveLlm({
      turns: [
        [],
        [textResponse('Hi', { partial: true }), textResponse('Hi.'), { turnComplete: true }],
        [functionCallResponse('get_weather', { city: 'Paris' }, 'call-1')],
        [{ outputTranscription: { text: 'Sunny.', finished: true } }, { turnComplete: true }],
      ],
    });
    const agent = liveAgent(model);
    const queue = new LiveRequestQueue();
    const context = await createTestInvocationContext({ agent, liveRequestQueue: queue });
    queue.sendRealtime(chunk('AAAA'));
    queue.sendRealtime(chunk('BBBB'));
    let turns = 0;
    await drain(runLiveFlow(agent.llmFlow, context, agent), (event) => {
      if (!event.turnComplete) return;
      turns += 1;
      if (turns === 1) queue.sendContent({ role: 'user', parts: [{ text: 'Weather?' }] });
      else queue.close();
    });

    const cache = context.transcriptionCache;
    expect(cache.map((entry) => entry.role)).toEqual([
      'user',
      'user',
      'model',
      'user',
      undefined,
      undefined,
      'model',
    ]);
    expect(cache[0]?.data).toEqual(chunk('AAAA'));
    expect(cache[1]?.data).toEqual(chunk('BBBB'));
    expect(cache[2]?.data).toEqual({ role: 'model', parts: [{ text: 'Hi.' }] });
    expect(cache[3]?.data).toEqual({ role: 'user', parts: [{ text: 'Weather?' }] });
    expect(cache[4]?.data).toMatchObject({ parts: [{ functionCall: { name: 'get_weather' } }] });
    expect(cache[5]?.data).toMatchObject({ parts: [{ functionResponse: { id: 'call-1' } }] });
    expect(cache[6]?.data).toEqual({ role: 'model', parts: [{ text: 'Sunny.' }] });
  });

  it("keeps the model's finished input transcription instead of the audio when the model transcribes", async () => {
    const model = new ScriptedLiveLlm({
      turns: [
        [
          { inputTranscription: { text: 'Hel', finished: false }, partial: true },
          { inputTranscription: { text: 'Hello', finished: true } },
          { turnComplete: true },
        ],
      ],
    });
    const agent = liveAgent(model);
    const queue = new LiveRequestQueue();
    const context = await createTestInvocationContext({
      agent,
      liveRequestQueue: queue,
      runConfig: createRunConfig({ inputAudioTranscription: {} }),
    });
    queue.sendRealtime(chunk('AAAA'));
    await drain(runLiveFlow(agent.llmFlow, context, agent), (event) => {
      if (event.turnComplete) queue.close();
    });

    expect(context.transcriptionCache).toEqual([
      { role: 'user', data: { role: 'user', parts: [{ text: 'Hello' }] } },
    ]);
  });

  it('does not keep chunks that are not audio', async () => {
    const context = await createTestInvocationContext();
    cacheUserAudio(context, { data: 'AAAA', mimeType: 'image/jpeg' });
    cacheUserAudio(context, { data: '', mimeType: 'audio/pcm' });
    expect(context.transcriptionCache).toEqual([]);
    cacheUserAudio(context, chunk('AAAA'));
    expect(context.transcriptionCache).toHaveLength(1);
  });
});
