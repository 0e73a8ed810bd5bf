import { describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import { LiveRequestQueue } from '../context/live-request-queue.js';
import { functionCallResponse, textResponse } from '../testing/scripted-llm.js';
import { ScriptedLiveLlm } from '../testing/scripted-live-llm.js';
import { FunctionTool } from '../tools/function-tool.js';
import { setLogger } from '../utils/logger.js';
import {
  monitoringAgent,
  runLive,
  sentFunctionResponses,
  stockProbe,
  stockTool,
  userText,
} from './live-streaming-test-fixtures.js';

const PENDING = { status: 'The function is running asynchronously and the results are pending.' };

describe('streaming tools in a live run (adk-python functions.py _process_function_live_helper)', () => {
  it('answers the call as pending, sends each yielded value as a partial function response, and stops the tool when the session closes', async () => {
    const model = new ScriptedLiveLlm({
      turns: [
        [functionCallResponse('monitor_stock_price', { stock_symbol: 'GOOG' }, 'call-1')],
        [textResponse('Watching GOOG.'), { turnComplete: true }],
        [textResponse('GOOG is at 300.'), { turnComplete: true }],
        [textResponse('GOOG is at 400.'), { turnComplete: true }],
      ],
    });
    const probe = stockProbe();
    const agent = monitoringAgent(model, [stockTool(probe)]);
    const queue = new LiveRequestQueue();
    queue.sendContent(userText('Watch GOOG for me.'));
    const prices = ['300', '400'];
    let registryWhileRunning: string[] = [];
    const { events, runner } = await runLive(agent, queue, async (event) => {
      if (!event.turnComplete) return;
      const context = await probe.started.promise;
      registryWhileRunning = [...context.invocation.activeStreamingTools.keys()];
      const price = prices.shift();
      if (price) probe.feed.sendContent(userText(price));
      else queue.close();
    });

    const connection = model.connections[0]!;
    expect(sentFunctionResponses(connection.contents)).toEqual([
      { id: 'call-1', name: 'monitor_stock_price', response: PENDING },
      {
        id: 'call-1',
        name: 'monitor_stock_price',
        response: { result: 'the price for GOOG is 300' },
      },
      {
        id: 'call-1',
        name: 'monitor_stock_price',
        response: { result: 'the price for GOOG is 400' },
      },
    ]);
    expect(registryWhileRunning).toEqual(['monitor_stock_price']);
    // The tool was waiting for a third price when the session closed: cancelled, its finally ran.
    await probe.finished.promise;
    const context = await probe.started.promise;
    expect(context.invocation.activeStreamingTools.size).toBe(0);
    expect(probe.runs).toBe(1);
    // The streamed results reach the model only: neither yielded as events nor stored.
    const texts = events.flatMap((event) => event.content?.parts ?? []);
    expect(texts.filter((part) => part.functionResponse).length).toBe(1);
    const session = await runner.sessionService.getSession({
      appName: 'streaming',
      userId: 'u',
      sessionId: 's',
    });
    const storedResponses = session!.events.flatMap((event) =>
      (event.content?.parts ?? []).filter((part) => part.functionResponse),
    );
    expect(storedResponses.map((part) => part.functionResponse?.response)).toEqual([PENDING]);
  });

  it('stop_streaming cancels the named tool (its finally runs before the answer) and answers as Python does', async () => {
    const model = new ScriptedLiveLlm({
      turns: [
        [functionCallResponse('monitor_stock_price', { stock_symbol: 'GOOG' }, 'call-1')],
        [textResponse('Watching.'), { turnComplete: true }],
        [
          functionCallResponse(
            'stop_streaming',
            { function_name: 'monitor_stock_price' },
            'stop-1',
          ),
        ],
        [
          functionCallResponse(
            'stop_streaming',
            { function_name: 'monitor_stock_price' },
            'stop-2',
          ),
        ],
        [textResponse('Stopped.'), { turnComplete: true }],
      ],
    });
    const probe = stockProbe();
    let finishedBeforeStopAnswer = false;
    probe.finished.promise.then(
      () => (finishedBeforeStopAnswer = true),
      () => undefined,
    );
    const agent = monitoringAgent(model, [stockTool(probe)]);
    const queue = new LiveRequestQueue();
    queue.sendContent(userText('Watch GOOG.'));
    let stopAnswerSeen = false;
    let finishedWhenAnswered = false;
    let turns = 0;
    await runLive(agent, queue, (event) => {
      const response = event.content?.parts?.[0]?.functionResponse;
      if (response?.id === 'stop-1') {
        stopAnswerSeen = true;
        finishedWhenAnswered = finishedBeforeStopAnswer;
      }
      if (!event.turnComplete) return;
      turns += 1;
      if (turns === 1) queue.sendContent(userText('Stop watching.'));
      else queue.close();
    });

    const responses = sentFunctionResponses(model.connections[0]!.contents);
    expect(responses.filter((response) => response.name === 'stop_streaming')).toEqual([
      {
        id: 'stop-1',
        name: 'stop_streaming',
        response: { status: 'Successfully stopped streaming function monitor_stock_price' },
      },
      {
        id: 'stop-2',
        name: 'stop_streaming',
        response: { status: 'No active streaming function named monitor_stock_price found' },
      },
    ]);
    expect(stopAnswerSeen).toBe(true);
    expect(finishedWhenAnswered).toBe(true);
  });

  it('a tool that fails is reported to the model without its error text', async () => {
    const model = new ScriptedLiveLlm({
      turns: [
        [functionCallResponse('flaky', {}, 'call-1')],
        [textResponse('Started.'), { turnComplete: true }],
        [textResponse('It failed.'), { turnComplete: true }],
      ],
    });
    const flaky = new FunctionTool({
      name: 'flaky',
      description: 'Fails after one result.',
      async *execute() {
        yield 'first';
        throw new Error('secret detail');
      },
    });
    const agent = monitoringAgent(model, [flaky]);
    const queue = new LiveRequestQueue();
    queue.sendContent(userText('Go.'));
    let turns = 0;
    const logged: unknown[][] = [];
    const record = (...line: unknown[]): void => void logged.push(line);
    setLogger({ debug: record, info: record, warn: record, error: record });
    try {
      await runLive(agent, queue, (event) => {
        if (event.turnComplete && ++turns === 2) queue.close();
      });
    } finally {
      setLogger();
    }
    // The error's text is logged for the developer, not sent to the model.
    expect(logged).toEqual([['Error executing streaming tool flaky.', new Error('secret detail')]]);
    // The error follows the first result; which of the model's turns they release does not matter.
    expect(sentFunctionResponses(model.connections[0]!.contents).map((r) => r.response)).toEqual([
      PENDING,
      { result: 'first' },
      { error: 'Invoking `flaky()` failed with an internal error.' },
    ]);
  });

  it('a transfer stops the tools of the agent transferred from before the next agent runs', async () => {
    const rootModel = new ScriptedLiveLlm({
      turns: [
        [functionCallResponse('monitor_stock_price', { stock_symbol: 'GOOG' }, 'call-1')],
        [functionCallResponse('transfer_to_agent', { agent_name: 'helper' }, 'call-2')],
      ],
    });
    const helperModel = new ScriptedLiveLlm({
      turns: [[textResponse('Helper here.'), { turnComplete: true }]],
    });
    const probe = stockProbe();
    let finishedWhenHelperSpoke: boolean | undefined;
    let finished = false;
    probe.finished.promise.then(
      () => (finished = true),
      () => undefined,
    );
    const helper = new LlmAgent({ name: 'helper', model: helperModel });
    const root = monitoringAgent(rootModel, [stockTool(probe)], [helper]);
    const queue = new LiveRequestQueue();
    queue.sendContent(userText('Watch GOOG, then let me talk to the helper.'));
    await runLive(root, queue, (event) => {
      if (event.actions.transferToAgent) queue.sendContent(userText('hi'));
      if (event.author === 'helper' && finishedWhenHelperSpoke === undefined) {
        finishedWhenHelperSpoke = finished;
        probe.feed.sendContent(userText('300'));
      }
      if (event.turnComplete) queue.close();
    });

    expect(finishedWhenHelperSpoke).toBe(true);
    expect(sentFunctionResponses(helperModel.connections[0]!.contents)).toEqual([]);
  });
});
