import { describe, expect, it } from 'vitest';
import { LiveRequestQueue } from '../context/live-request-queue.js';
import { functionCallResponse, textResponse } from '../testing/scripted-llm.js';
import { ScriptedLiveLlm } from '../testing/scripted-live-llm.js';
import {
  monitoringAgent,
  runLive,
  sentFunctionResponses,
  stockProbe,
  stockTool,
  userText,
} from './live-streaming-test-fixtures.js';

describe('streaming tools across connections', () => {
  it('a tool outlives a goAway: its next result is sent on the new connection, and it stops when the run ends', async () => {
    const model = new ScriptedLiveLlm({
      turns: [
        [functionCallResponse('monitor_stock_price', { stock_symbol: 'GOOG' }, 'call-1')],
        [textResponse('Watching GOOG.'), { goAway: {} }],
        [textResponse('GOOG is at 300.'), { turnComplete: true }],
      ],
    });
    const probe = stockProbe();
    const agent = monitoringAgent(model, [stockTool(probe)]);
    const queue = new LiveRequestQueue();
    queue.sendContent(userText('Watch GOOG for me.'));
    // The price moves once the session is on its second connection.
    const feeding = (async () => {
      await probe.started.promise;
      while (model.connections.length < 2) await new Promise((resolve) => setImmediate(resolve));
      probe.feed.sendContent(userText('300'));
    })();
    await runLive(agent, queue, (event) => {
      if (event.turnComplete) queue.close();
    });
    await feeding;

    expect(model.connections).toHaveLength(2);
    expect(sentFunctionResponses(model.connections[1]!.contents)).toEqual([
      {
        id: 'call-1',
        name: 'monitor_stock_price',
        response: { result: 'the price for GOOG is 300' },
      },
    ]);
    await probe.finished.promise;
    expect(probe.runs).toBe(1);
    const context = await probe.started.promise;
    expect(context.invocation.activeStreamingTools.size).toBe(0);
  });
});
