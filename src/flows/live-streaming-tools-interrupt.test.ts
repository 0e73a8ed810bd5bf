import { describe, expect, it } from 'vitest';
import type { Context } from '../context/context.js';
import { LiveRequestQueue } from '../context/live-request-queue.js';
import { functionCallResponse, textResponse } from '../testing/scripted-llm.js';
import { ScriptedLiveLlm } from '../testing/scripted-live-llm.js';
import { FunctionTool } from '../tools/function-tool.js';
import {
  deferred,
  monitoringAgent,
  runLive,
  sentFunctionResponses,
  stockProbe,
  stockTool,
  userText,
} from './live-streaming-test-fixtures.js';

describe('streaming tools: input streams and barge-in (adk-python _send_to_model, spec 004 §5)', () => {
  it('a tool declared with inputStream gets its own queue, into which the client live requests are copied', async () => {
    const model = new ScriptedLiveLlm({
      turns: [
        [functionCallResponse('monitor_video_stream', {}, 'video-1')],
        [textResponse('Watching the camera.'), { turnComplete: true }],
        [], // the frame itself reaches the model too, and releases nothing
        [textResponse('Two people now.'), { turnComplete: true }],
      ],
    });
    const started = deferred<Context>();
    const seen: string[] = [];
    const finished = deferred();
    const videoTool = new FunctionTool({
      name: 'monitor_video_stream',
      description: 'Counts the people in the video stream.',
      inputStream: true,
      async *execute(_args, context, { inputStream, abortSignal }) {
        started.resolve(context);
        try {
          for (;;) {
            const request = await inputStream!.get(abortSignal);
            seen.push(request.blob?.mimeType ?? (request.close ? 'close' : 'content'));
            if (request.blob?.mimeType === 'image/jpeg') yield { people: request.blob.data };
          }
        } finally {
          finished.resolve();
        }
      },
    });
    const agent = monitoringAgent(model, [videoTool]);
    const queue = new LiveRequestQueue();
    queue.sendContent(userText('Count the people on camera.'));
    let turns = 0;
    let streamWhileRunning: LiveRequestQueue | undefined;
    await runLive(agent, queue, async (event) => {
      if (!event.turnComplete) return;
      turns += 1;
      if (turns === 1) {
        const context = await started.promise;
        streamWhileRunning =
          context.invocation.activeStreamingTools.get('monitor_video_stream')?.stream;
        queue.sendRealtime({ data: '2', mimeType: 'image/jpeg' });
      } else {
        queue.close();
      }
    });

    expect(streamWhileRunning).toBeInstanceOf(LiveRequestQueue);
    const connection = model.connections[0]!;
    expect(connection.realtimeInputs).toEqual([{ blob: { data: '2', mimeType: 'image/jpeg' } }]);
    expect(sentFunctionResponses(connection.contents).at(-1)).toEqual({
      id: 'video-1',
      name: 'monitor_video_stream',
      response: { people: '2' },
    });
    await finished.promise;
    // The frame, then the tool's own result (Python copies every request, its own included).
    expect(seen.slice(0, 2)).toEqual(['image/jpeg', 'content']);
  });

  it('an interruption cancels the tools the interrupted turn started', async () => {
    const model = new ScriptedLiveLlm({
      turns: [
        [
          functionCallResponse('monitor_stock_price', { stock_symbol: 'GOOG' }, 'call-1'),
          { interrupted: true },
        ],
        [textResponse('OK, I stopped.'), { turnComplete: true }],
      ],
    });
    const probe = stockProbe();
    const agent = monitoringAgent(model, [stockTool(probe)]);
    const queue = new LiveRequestQueue();
    queue.sendContent(userText('Watch GOOG.'));
    let entryAfterInterruption: unknown = 'unset';
    await runLive(agent, queue, async (event) => {
      if (event.interrupted) {
        // The tool never produced a result: its run ends at the barge-in, finally included.
        await probe.finished.promise;
        const context = await probe.started.promise;
        entryAfterInterruption =
          context.invocation.activeStreamingTools.get('monitor_stock_price')?.task;
        probe.feed.sendContent(userText('300'));
      }
      if (event.turnComplete) queue.close();
    });

    expect(entryAfterInterruption).toBeUndefined();
    expect(sentFunctionResponses(model.connections[0]!.contents).map((r) => r.response)).toEqual([
      { status: 'The function is running asynchronously and the results are pending.' },
    ]);
  });

  it('a tool started in an earlier, completed turn keeps running through an interruption', async () => {
    const model = new ScriptedLiveLlm({
      turns: [
        [functionCallResponse('monitor_stock_price', { stock_symbol: 'GOOG' }, 'call-1')],
        [textResponse('Watching.'), { turnComplete: true }],
        [textResponse('Anything else', { partial: true }), { interrupted: true }],
        [textResponse('GOOG is at 300.'), { turnComplete: true }],
      ],
    });
    const probe = stockProbe();
    const agent = monitoringAgent(model, [stockTool(probe)]);
    const queue = new LiveRequestQueue();
    queue.sendContent(userText('Watch GOOG.'));
    let turns = 0;
    await runLive(agent, queue, (event) => {
      if (event.interrupted) probe.feed.sendContent(userText('300'));
      if (!event.turnComplete) return;
      turns += 1;
      if (turns === 1) queue.sendContent(userText('Hey, wait'));
      else queue.close();
    });

    expect(sentFunctionResponses(model.connections[0]!.contents).at(-1)?.response).toEqual({
      result: 'the price for GOOG is 300',
    });
    await probe.finished.promise;
  });
});
