import { describe, expect, it } from 'vitest';
import { createTestInvocationContext } from '../testing/test-invocation-context.js';
import { ActiveStreamingTool } from './active-streaming-tool.js';
import { LiveRequestQueue } from './live-request-queue.js';

describe('ActiveStreamingTool and TranscriptionEntry on the invocation context (spec 004 §5)', () => {
  it('starts empty, and copies of the context share the registry and the transcription cache', async () => {
    const context = await createTestInvocationContext();
    expect(context.activeStreamingTools.size).toBe(0);
    expect(context.transcriptionCache).toEqual([]);
    const copy = context.copy({ branch: 'child' });
    const stream = new LiveRequestQueue();
    copy.activeStreamingTools.set('monitor_video_stream', new ActiveStreamingTool({ stream }));
    copy.transcriptionCache.push({ role: 'user', data: { data: 'AAAA', mimeType: 'audio/pcm' } });
    expect(context.activeStreamingTools.get('monitor_video_stream')?.stream).toBe(stream);
    expect(context.transcriptionCache).toHaveLength(1);
  });

  it('an entry holds a task, its abort controller and its stream, each optional', () => {
    const abortController = new AbortController();
    const task = Promise.resolve();
    const active = new ActiveStreamingTool({ task, abortController });
    expect(active.task).toBe(task);
    expect(active.abortController).toBe(abortController);
    expect(active.stream).toBeUndefined();
    expect(new ActiveStreamingTool().task).toBeUndefined();
  });
});
