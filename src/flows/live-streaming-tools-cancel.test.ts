import { describe, expect, it } from 'vitest';
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

describe('streaming tools: how a cancelled tool stops', () => {
  it('a tool that ignores the signal is closed at its next yield, and what it yields then is not sent', async () => {
    const model = new ScriptedLiveLlm({
      turns: [
        [functionCallResponse('slow_watch', {}, 'call-1')],
        [textResponse('Watching.'), { turnComplete: true }],
        [functionCallResponse('stop_streaming', { function_name: 'slow_watch' }, 'stop-1')],
        [textResponse('Stopped.'), { turnComplete: true }],
      ],
    });
    const unblock = deferred();
    const finished = deferred();
    let afterYield = false;
    const slowWatch = new FunctionTool({
      name: 'slow_watch',
      description: 'Waits on something that does not know about cancellation.',
      async *execute(_args, _context, { abortSignal }) {
        // The test stands in for the outside world: it answers once the tool is cancelled.
        abortSignal.addEventListener('abort', () => unblock.resolve());
        try {
          await unblock.promise;
          yield 'too late';
          afterYield = true;
        } finally {
          finished.resolve();
        }
      },
    });
    const agent = monitoringAgent(model, [slowWatch]);
    const queue = new LiveRequestQueue();
    queue.sendContent(userText('Watch.'));
    let turns = 0;
    await runLive(agent, queue, (event) => {
      if (!event.turnComplete) return;
      if (++turns === 1) queue.sendContent(userText('Stop.'));
      else queue.close();
    });

    await finished.promise;
    expect(afterYield).toBe(false);
    expect(sentFunctionResponses(model.connections[0]!.contents).map((r) => r.response)).toEqual([
      { status: 'The function is running asynchronously and the results are pending.' },
      { status: 'Successfully stopped streaming function slow_watch' },
    ]);
  });

  it('aborting the live run stops the tools it started', async () => {
    const model = new ScriptedLiveLlm({
      turns: [
        [functionCallResponse('monitor_stock_price', { stock_symbol: 'GOOG' }, 'call-1')],
        [textResponse('Watching.'), { turnComplete: true }],
      ],
    });
    const probe = stockProbe();
    const agent = monitoringAgent(model, [stockTool(probe)]);
    const queue = new LiveRequestQueue();
    queue.sendContent(userText('Watch GOOG.'));
    const abort = new AbortController();
    const reason = new Error('client went away');
    const run = runLive(
      agent,
      queue,
      async (event) => {
        if (!event.turnComplete) return;
        await probe.started.promise;
        abort.abort(reason);
      },
      abort.signal,
    );
    await expect(run).rejects.toBe(reason);
    await probe.finished.promise;
    const context = await probe.started.promise;
    expect(context.invocation.activeStreamingTools.size).toBe(0);
  });
});
