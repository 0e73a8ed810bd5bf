import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import type { BaseArtifactService } from '../artifacts/base-artifact-service.js';
import { FileArtifactService } from '../artifacts/file-artifact-service.js';
import { InMemoryArtifactService } from '../artifacts/in-memory-artifact-service.js';
import { LiveRequestQueue } from '../context/live-request-queue.js';
import type { RunConfig } from '../context/run-config.js';
import type { Event } from '../events/event.js';
import type { LlmResponse } from '../events/llm-response.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { ScriptedLiveLlm, type ScriptedLiveLlmOptions } from '../testing/scripted-live-llm.js';
import { Runner } from './runner.js';

// adk-python audio_cache_manager.py and base_llm_flow._postprocess_live: with
// save_live_blob, each turn's audio becomes one artifact and one event referring to it.

const ids = { appName: 'voice', userId: 'u', sessionId: 's' };
const b64 = (text: string): string => Buffer.from(text).toString('base64');
const userAudio = (text: string) => ({ data: b64(text), mimeType: 'audio/pcm;rate=16000' });
const modelAudio = (text: string): LlmResponse => ({
  content: {
    role: 'model',
    parts: [{ inlineData: { data: b64(text), mimeType: 'audio/pcm;rate=24000' } }],
  },
});

interface LiveAudioRun {
  events: Event[];
  stored: Event[];
  model: ScriptedLiveLlm;
}

/** Runs a live session that speaks two chunks, then lets `react` answer each event. */
async function runSpeaking(
  artifactService: BaseArtifactService | undefined,
  turns: ScriptedLiveLlmOptions['turns'],
  runConfig: Partial<RunConfig>,
  react: (event: Event, events: Event[], queue: LiveRequestQueue) => void,
): Promise<LiveAudioRun> {
  const model = new ScriptedLiveLlm({ turns, responseModalities: ['AUDIO'] });
  const agent = new LlmAgent({ name: 'voice_agent', model });
  const sessionService = new InMemorySessionService();
  const runner = new Runner({
    agent,
    appName: ids.appName,
    sessionService,
    ...(artifactService ? { artifactService } : {}),
  });
  await sessionService.createSession(ids);
  const queue = new LiveRequestQueue();
  queue.sendRealtime(userAudio('hel'));
  queue.sendRealtime(userAudio('lo?'));
  const events: Event[] = [];
  for await (const event of runner.runLive({ ...ids, liveRequestQueue: queue, runConfig })) {
    events.push(event);
    react(event, events, queue);
  }
  const session = await sessionService.getSession(ids);
  return { events, stored: session?.events ?? [], model };
}

const spokenTurn: ScriptedLiveLlmOptions['turns'] = [
  [],
  [
    modelAudio('Hi '),
    modelAudio('there'),
    { outputTranscription: { text: 'Hi there', finished: true } },
    { turnComplete: true },
  ],
];
const fileOf = (event: Event | undefined) => event?.content?.parts?.[0]?.fileData;
/** Closes the session once `count` audio files were referred to. */
const closeAfterFiles =
  (count: number) =>
  (_event: Event, seen: Event[], queue: LiveRequestQueue): void => {
    if (seen.filter((event) => fileOf(event)).length === count) queue.close();
  };

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

const services: [string, () => Promise<BaseArtifactService>][] = [
  ['in-memory', () => Promise.resolve(new InMemoryArtifactService())],
  [
    'file',
    async () => {
      const folder = await mkdtemp(join(tmpdir(), 'adk-live-audio-'));
      folders.push(folder);
      return new FileArtifactService(folder);
    },
  ],
];

describe.each(services)('live audio saved as artifacts (%s artifact service)', (_name, make) => {
  it('saves each side of a turn as one file, yields and stores events referring to them, never the inline audio', async () => {
    const artifactService = await make();
    const { events, stored } = await runSpeaking(
      artifactService,
      spokenTurn,
      { saveLiveBlob: true },
      closeAfterFiles(2),
    );
    const [input, output] = events.filter((event) => fileOf(event));
    // The user's audio, then the model's: flushed when the turn completes, in its place.
    expect(input).toMatchObject({ author: 'user', content: { role: 'user' } });
    expect(output).toMatchObject({ author: 'voice_agent', content: { role: 'model' } });
    expect(events.some((event) => event.turnComplete)).toBe(false);
    const inputFile = fileOf(input)!;
    expect(inputFile.mimeType).toBe('audio/pcm;rate=16000');
    expect(inputFile.fileUri).toMatch(
      /^artifact:\/\/voice\/u\/s\/_adk_live\/adk_live_audio_storage_input_audio_\d+\.pcm#0$/,
    );
    expect(fileOf(output)!.fileUri).toMatch(
      /_adk_live\/adk_live_audio_storage_output_audio_\d+\.pcm#0$/,
    );
    const filename = (uri: string) => uri.split('/_adk_live/')[1]!.split('#')[0]!;
    const load = (uri: string) =>
      artifactService.loadArtifact({ ...ids, filename: filename(uri), version: 0 });
    expect(await load(inputFile.fileUri!)).toEqual({
      inlineData: { data: b64('hello?'), mimeType: 'audio/pcm;rate=16000' },
    });
    expect(await load(fileOf(output)!.fileUri!)).toEqual({
      inlineData: { data: b64('Hi there'), mimeType: 'audio/pcm;rate=24000' },
    });
    // The inline chunks were yielded for playback but not stored; the references and the transcript were.
    expect(events.filter((event) => event.content?.parts?.[0]?.inlineData)).toHaveLength(2);
    expect(stored.map((event) => event.id)).toEqual(
      events.filter((event) => !event.content?.parts?.[0]?.inlineData).map((event) => event.id),
    );
    expect(stored.some((event) => event.content?.parts?.[0]?.inlineData)).toBe(false);
  });

  it('on an interruption flushes the model audio only; the user audio goes with the turn end', async () => {
    const artifactService = await make();
    const turns: ScriptedLiveLlmOptions['turns'] = [
      [],
      [modelAudio('Let me'), { interrupted: true }],
      [{ turnComplete: true }],
    ];
    const { events } = await runSpeaking(
      artifactService,
      turns,
      { saveLiveBlob: true },
      (event, seen, queue) => {
        // Barge-in: the user speaks on once the model was cut off.
        if (fileOf(event) && event.author === 'voice_agent') queue.sendRealtime(userAudio('!'));
        closeAfterFiles(2)(event, seen, queue);
      },
    );
    const files = events.filter((event) => fileOf(event));
    expect(files.map((event) => event.author)).toEqual(['voice_agent', 'user']);
    const userFile = fileOf(files[1])!.fileUri!.split('/_adk_live/')[1]!.split('#')[0]!;
    expect(await artifactService.loadArtifact({ ...ids, filename: userFile })).toMatchObject({
      inlineData: { data: b64('hello?!') },
    });
  });

  it('keeps no audio without an artifact service: the turn end is yielded as it is', async () => {
    const run = await runSpeaking(
      undefined,
      spokenTurn,
      { saveLiveBlob: true },
      (event, _s, queue) => {
        if (event.turnComplete) queue.close();
      },
    );
    expect(run.events.some((event) => fileOf(event))).toBe(false);
    expect(run.events.at(-1)?.turnComplete).toBe(true);
  });

  it('keeps no audio and stores no reference without saveLiveBlob; the deprecated saveLiveAudio turns it on', async () => {
    const off = await runSpeaking(await make(), spokenTurn, {}, (event, _seen, queue) => {
      if (event.turnComplete) queue.close();
    });
    expect(off.events.some((event) => fileOf(event))).toBe(false);
    expect(off.stored.some((event) => event.content?.parts?.[0]?.inlineData)).toBe(false);
    const deprecated = await runSpeaking(
      await make(),
      spokenTurn,
      { saveLiveAudio: true },
      closeAfterFiles(2),
    );
    expect(deprecated.events.filter((event) => fileOf(event))).toHaveLength(2);
  });
});
