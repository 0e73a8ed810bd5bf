/**
 * A streaming tool in a live session, offline: the scripted live model
 * stands in for Gemini Live. The model starts `monitor_stock_price`, an
 * `async function*` that runs in the background and yields a price alert
 * each time the (simulated) market moves; each alert reaches the model as
 * a partial function response, and the model tells the user. When the user
 * has heard enough, the model calls `stop_streaming`, which cancels the
 * monitor (its `finally` runs).
 *
 * Run: npx tsx examples/live-streaming-tool/main.ts
 */
import {
  FunctionTool,
  InMemoryRunner,
  LiveRequestQueue,
  LlmAgent,
  stopStreaming,
} from '@adk-ts/adk';
import { functionCallResponse, ScriptedLiveLlm, textResponse } from '@adk-ts/adk/testing';
import { z } from 'zod';

// Each scripted turn is released by the next thing the session sends to the model:
// the user's words, the tool's first answer ("pending"), each price alert, the stop's answer.
const model = new ScriptedLiveLlm({
  turns: [
    [functionCallResponse('monitor_stock_price', { stock_symbol: 'GOOG' })],
    [textResponse('I am watching GOOG for you.'), { turnComplete: true }],
    [textResponse('GOOG just moved to 300.'), { turnComplete: true }],
    [textResponse('GOOG just moved to 400.'), { turnComplete: true }],
    [functionCallResponse('stop_streaming', { function_name: 'monitor_stock_price' })],
    [textResponse('Stopped watching GOOG.'), { turnComplete: true }],
  ],
});

// The simulated market: the example moves the price after each of the model's turns.
const market = new LiveRequestQueue();

const monitorStockPrice = new FunctionTool({
  name: 'monitor_stock_price',
  description: 'Monitors the price of the given stock, continuously and asynchronously.',
  parameters: z.object({ stock_symbol: z.string() }),
  async *execute({ stock_symbol }, _context, { abortSignal }) {
    try {
      for (;;) {
        // Waiting honours the cancellation signal, so stop_streaming ends the wait at once.
        const tick = await market.get(abortSignal);
        yield `the price for ${stock_symbol} is ${tick.content?.parts?.[0]?.text}`;
      }
    } finally {
      console.log(`(monitor for ${stock_symbol} stopped)`);
    }
  },
});

const agent = new LlmAgent({
  name: 'stock_watcher',
  model,
  instruction: 'Monitor the stocks the user asks about; tell them when the price moves.',
  tools: [monitorStockPrice, stopStreaming],
});

const runner = new InMemoryRunner({ agent, appName: 'stock_watch' });
await runner.sessionService.createSession({
  appName: 'stock_watch',
  userId: 'me',
  sessionId: 's1',
});

const queue = new LiveRequestQueue();
queue.sendContent({ role: 'user', parts: [{ text: 'Watch GOOG for me.' }] });
const afterEachTurn = [
  () => market.sendContent({ role: 'user', parts: [{ text: '300' }] }),
  () => market.sendContent({ role: 'user', parts: [{ text: '400' }] }),
  () => queue.sendContent({ role: 'user', parts: [{ text: 'Thanks, you can stop now.' }] }),
  () => queue.close(),
];

for await (const event of runner.runLive({
  userId: 'me',
  sessionId: 's1',
  liveRequestQueue: queue,
})) {
  for (const part of event.content?.parts ?? []) {
    if (part.text) console.log(`${event.author}: ${part.text}`);
    if (part.functionCall)
      console.log(
        `${event.author}: call ${part.functionCall.name} ${JSON.stringify(part.functionCall.args)}`,
      );
    if (part.functionResponse)
      console.log(
        `${event.author}: ${part.functionResponse.name} → ${JSON.stringify(part.functionResponse.response)}`,
      );
  }
  if (event.turnComplete) afterEachTurn.shift()?.();
}

// What the model was sent: the price alerts went to it as partial function responses.
for (const content of model.connections[0]?.contents ?? []) {
  const response = content.parts?.[0]?.functionResponse;
  if (response?.name === 'monitor_stock_price')
    console.log(`to the model: ${JSON.stringify(response.response)}`);
}
