import { describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import type { RunHookArguments } from '../context/hook-arguments.js';
import { LiveRequestQueue } from '../context/live-request-queue.js';
import { AudioTranscriber } from '../flows/audio-transcriber.js';
import { BasePlugin } from '../plugins/base-plugin.js';
import { ScriptedLiveLlm } from '../testing/scripted-live-llm.js';
import type { Content } from '../types/index.js';
import { InMemoryRunner } from './in-memory-runner.js';

// A plugin keeps a written transcript of a voice conversation whose input the
// model did not transcribe: the cached audio goes to the plugin's speech service.

class TranscriptPlugin extends BasePlugin {
  transcript: Content[] = [];
  readonly clips: string[] = [];
  private readonly transcriber = new AudioTranscriber({
    speechToText: ({ audio, role }) => {
      this.clips.push(`${role}:${audio.data}`);
      return Promise.resolve(`(${Buffer.from(audio.data ?? '', 'base64').length} bytes of speech)`);
    },
  });

  constructor() {
    super('transcript');
  }

  override async afterRunCallback({ invocationContext }: RunHookArguments): Promise<void> {
    this.transcript = await this.transcriber.transcribeFile(invocationContext);
  }
}

describe('a live run transcribed by a plugin with AudioTranscriber', () => {
  it("turns the run's cached audio and the model's transcript into text after the run", async () => {
    const model = new ScriptedLiveLlm({
      turns: [
        [],
        [{ outputTranscription: { text: 'Sunny.', finished: true } }, { turnComplete: true }],
      ],
    });
    const plugin = new TranscriptPlugin();
    const runner = new InMemoryRunner({
      agent: new LlmAgent({ name: 'voice_agent', model }),
      appName: 'app',
      plugins: [plugin],
    });
    await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
    const queue = new LiveRequestQueue();
    const chunk = (bytes: number[]) => ({
      data: Buffer.from(bytes).toString('base64'),
      mimeType: 'audio/pcm;rate=16000',
    });
    queue.sendRealtime(chunk([1, 2]));
    queue.sendRealtime(chunk([3, 4, 5]));
    for await (const event of runner.runLive({
      userId: 'u',
      sessionId: 's',
      liveRequestQueue: queue,
    })) {
      if (event.turnComplete) queue.close();
    }

    expect(plugin.clips).toEqual([`user:${Buffer.from([1, 2, 3, 4, 5]).toString('base64')}`]);
    expect(plugin.transcript).toEqual([
      { role: 'user', parts: [{ text: '(5 bytes of speech)' }] },
      { role: 'model', parts: [{ text: 'Sunny.' }] },
    ]);
  });
});
