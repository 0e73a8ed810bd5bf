import { Modality } from '@google/genai';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Event } from '../events/event.js';
import type { LiveClientFrame } from '../models/gemini/gemini-live-test-fixtures.js';
import { FunctionTool } from '../tools/function-tool.js';
import { describeEvent, LiveGeminiRun } from './live-gemini-run-test-fixtures.js';

let run: LiveGeminiRun | undefined;

afterEach(async () => {
  await run?.stop();
  run = undefined;
});

const AUDIO_IN = 'audio/pcm;rate=16000';
const AUDIO_OUT = 'audio/pcm;rate=24000';
const voiceConfig = {
  responseModalities: [Modality.AUDIO],
  inputAudioTranscription: {},
  outputAudioTranscription: {},
};
const audio = (data: string) => ({
  serverContent: {
    modelTurn: { role: 'model', parts: [{ inlineData: { mimeType: AUDIO_OUT, data } }] },
  },
});
const said = (text: string) => ({ serverContent: { outputTranscription: { text } } });
const heard = (text: string, finished = false) => ({
  serverContent: { inputTranscription: { text, ...(finished ? { finished } : {}) } },
});
const turnComplete = { serverContent: { turnComplete: true } };
const isTurnComplete = (event: Event) => event.turnComplete === true;
const hasActivityEnd = (frame: LiveClientFrame) =>
  JSON.stringify(frame.realtimeInput ?? {}).includes('activityEnd');

describe('Runner.runLive on Gemini Live (BidiGenerateContent on a local server)', () => {
  it('a spoken question: audio chunks in, the model’s audio and both transcripts out', async () => {
    run = await LiveGeminiRun.start({
      runConfig: {
        ...voiceConfig,
        realtimeInputConfig: { automaticActivityDetection: { disabled: true } },
      },
      rules: [
        {
          when: hasActivityEnd,
          reply: [
            heard('What is the weather'),
            heard(' in Paris?', true),
            audio('UEFSSVM='),
            said('Sunny'),
            audio('U1VOTlk='),
            said(' in Paris.'),
            turnComplete,
          ],
        },
      ],
    });
    run.queue.sendActivityStart();
    run.queue.sendRealtime({ mimeType: AUDIO_IN, data: 'AAAA' });
    run.queue.sendRealtime({ mimeType: AUDIO_IN, data: 'AQID' });
    run.queue.sendActivityEnd();
    await run.eventsMatching(isTurnComplete);

    const setup = run.server.setups[0]?.setup as Record<string, unknown>;
    expect(setup.generationConfig).toEqual({ responseModalities: ['AUDIO'] });
    expect(setup.inputAudioTranscription).toEqual({});
    expect(setup.outputAudioTranscription).toEqual({});
    expect(run.server.frames.slice(1)).toEqual([
      { realtimeInput: { activityStart: {} } },
      { realtimeInput: { mediaChunks: [{ mimeType: AUDIO_IN, data: 'AAAA' }] } },
      { realtimeInput: { mediaChunks: [{ mimeType: AUDIO_IN, data: 'AQID' }] } },
      { realtimeInput: { activityEnd: {} } },
    ]);
    expect(run.events.map(describeEvent)).toEqual([
      'user: heard What is the weather …',
      'user: heard  in Paris? …',
      'user: heard What is the weather in Paris?',
      'voice_agent: audio UEFSSVM=',
      'voice_agent: said Sunny …',
      'voice_agent: audio U1VOTlk=',
      'voice_agent: said  in Paris. …',
      'voice_agent: said Sunny in Paris.',
      'voice_agent: turn complete',
    ]);
    const spoken = run.events[3]?.content?.parts?.[0]?.inlineData;
    expect(spoken).toEqual({ mimeType: AUDIO_OUT, data: 'UEFSSVM=' });
    await run.stop();
    expect(await run.ended).toBeUndefined();
  });

  it('a tool call in the middle of speech: the function runs, its answer goes back, speech goes on', async () => {
    const cities: string[] = [];
    const weather = new FunctionTool({
      name: 'get_weather',
      description: 'The weather in a city.',
      parameters: z.object({ city: z.string() }),
      execute: ({ city }) => {
        cities.push(city);
        return { weather: `sunny in ${city}` };
      },
    });
    run = await LiveGeminiRun.start({
      runConfig: voiceConfig,
      tools: [weather],
      rules: [
        {
          when: (frame) => 'clientContent' in frame,
          reply: [
            audio('TEVU'),
            said('Let me check.'),
            {
              toolCall: {
                functionCalls: [{ id: 'call-1', name: 'get_weather', args: { city: 'Paris' } }],
              },
            },
            turnComplete,
          ],
        },
        {
          when: (frame) => 'toolResponse' in frame,
          reply: [audio('SVQ='), said('It is sunny in Paris.'), turnComplete],
        },
      ],
    });
    run.queue.sendContent({ role: 'user', parts: [{ text: 'Weather in Paris?' }] });
    await run.eventsMatching(isTurnComplete, 2);

    expect(cities).toEqual(['Paris']);
    const toolResponse = await run.server.nextFrame((frame) => 'toolResponse' in frame);
    expect(toolResponse).toEqual({
      toolResponse: {
        functionResponses: [
          { id: 'call-1', name: 'get_weather', response: { weather: 'sunny in Paris' } },
        ],
      },
    });
    expect(run.events.map(describeEvent)).toEqual([
      'voice_agent: audio TEVU',
      'voice_agent: said Let me check. …',
      'voice_agent: said Let me check.',
      'voice_agent: call get_weather',
      'voice_agent: answer get_weather',
      'voice_agent: turn complete',
      'voice_agent: audio SVQ=',
      'voice_agent: said It is sunny in Paris. …',
      'voice_agent: said It is sunny in Paris.',
      'voice_agent: turn complete',
    ]);
    const stored = (await run.storedEvents()).map(describeEvent);
    expect(stored).toContain('user: Weather in Paris?');
    expect(stored).toContain('voice_agent: call get_weather');
    expect(stored).toContain('voice_agent: answer get_weather');
  });

  it('barge-in: the server’s interrupted ends the answer, the event carries it, the next answer follows', async () => {
    run = await LiveGeminiRun.start({
      runConfig: voiceConfig,
      rules: [
        {
          when: (frame) => JSON.stringify(frame).includes('"data":"Rk9SRUNBU1Q="'),
          reply: [heard('Forecast for Paris?', true), audio('VEhF'), said('The forecast')],
        },
        {
          when: (frame) => JSON.stringify(frame).includes('"data":"U1RPUA=="'),
          // The server stops the answer it was speaking: nothing more of it comes.
          reply: [
            { serverContent: { interrupted: true } },
            heard('Just tomorrow.', true),
            audio('VE9NT1JST1c='),
            said('Rain tomorrow.'),
            turnComplete,
          ],
        },
      ],
    });
    run.queue.sendRealtime({ mimeType: AUDIO_IN, data: 'Rk9SRUNBU1Q=' });
    await run.eventsMatching((event) => event.content?.parts?.[0]?.inlineData !== undefined);
    // The user speaks over the model's answer.
    run.queue.sendRealtime({ mimeType: AUDIO_IN, data: 'U1RPUA==' });
    await run.eventsMatching(isTurnComplete);

    expect(run.events.map(describeEvent)).toEqual([
      'user: heard Forecast for Paris? …',
      'user: heard Forecast for Paris?',
      'voice_agent: audio VEhF',
      'voice_agent: said The forecast …',
      // The interruption closes the transcript of the cut answer.
      'voice_agent: said The forecast',
      'voice_agent: interrupted',
      'user: heard Just tomorrow. …',
      'user: heard Just tomorrow.',
      'voice_agent: audio VE9NT1JST1c=',
      'voice_agent: said Rain tomorrow. …',
      'voice_agent: said Rain tomorrow.',
      'voice_agent: turn complete',
    ]);
    const interrupted = run.events.find((event) => event.interrupted);
    expect(interrupted?.content).toBeUndefined();
    expect((await run.storedEvents()).some((event) => event.interrupted)).toBe(true);
  });
});
