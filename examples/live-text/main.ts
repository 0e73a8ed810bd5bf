/**
 * A live (bidirectional) text session, offline: the scripted live model
 * stands in for Gemini Live. The client writes into a LiveRequestQueue
 * while `runner.runLive` yields the model's partial text, the tool call
 * answered inside the session, and the end of each turn. Closing the queue
 * ends the run.
 *
 * Run: npx tsx examples/live-text/main.ts
 */
import { FunctionTool, InMemoryRunner, LiveRequestQueue, LlmAgent } from '@adk-ts/adk';
import { functionCallResponse, ScriptedLiveLlm, textResponse } from '@adk-ts/adk/testing';
import { z } from 'zod';

// Each scripted turn is released by the next thing the session sends to the model.
const model = new ScriptedLiveLlm({
  turns: [
    [
      textResponse('Hi! ', { partial: true }),
      textResponse('Ask me about the weather.', { partial: true }),
      { turnComplete: true },
    ],
    [functionCallResponse('get_weather', { city: 'Lisbon' })],
    [textResponse('It is sunny in Lisbon.', { partial: true }), { turnComplete: true }],
  ],
});

const agent = new LlmAgent({
  name: 'live_assistant',
  model,
  instruction: 'Answer briefly.',
  tools: [
    new FunctionTool({
      name: 'get_weather',
      description: 'The weather in a city.',
      parameters: z.object({ city: z.string() }),
      execute: ({ city }) => ({ city, weather: 'sunny' }),
    }),
  ],
});

const runner = new InMemoryRunner({ agent, appName: 'live_text' });
await runner.sessionService.createSession({ appName: 'live_text', userId: 'me', sessionId: 's1' });

const queue = new LiveRequestQueue();
const questions = ['Hello!', 'What is the weather in Lisbon?'];
queue.sendContent({ role: 'user', parts: [{ text: questions.shift()! }] });

for await (const event of runner.runLive({
  userId: 'me',
  sessionId: 's1',
  liveRequestQueue: queue,
})) {
  for (const part of event.content?.parts ?? []) {
    if (part.text && event.partial) console.log(`${event.author} (partial): ${part.text}`);
    if (part.functionCall)
      console.log(
        `${event.author}: call ${part.functionCall.name} ${JSON.stringify(part.functionCall.args)}`,
      );
    if (part.functionResponse)
      console.log(
        `${event.author}: ${part.functionResponse.name} → ${JSON.stringify(part.functionResponse.response)}`,
      );
  }
  if (event.turnComplete) {
    console.log(`${event.author}: (turn complete)`);
    // The user speaks again after each of the model's turns; with nothing left to say, the session closes.
    const next = questions.shift();
    if (next) queue.sendContent({ role: 'user', parts: [{ text: next }] });
    else queue.close();
  }
}

const session = await runner.sessionService.getSession({
  appName: 'live_text',
  userId: 'me',
  sessionId: 's1',
});
console.log(`events stored: ${session?.events.length ?? 0}`);
