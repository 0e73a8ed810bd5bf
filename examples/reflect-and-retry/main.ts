/**
 * ReflectAndRetryToolPlugin: when a tool fails, the model gets a structured
 * reflection instead of an exception, and may try again. Here the model
 * first calls a tool that does not exist, then corrects itself.
 *
 * Run: npx tsx examples/reflect-and-retry/main.ts
 */
import {
  App,
  FunctionTool,
  InMemoryRunner,
  LlmAgent,
  ReflectAndRetryToolPlugin,
  stringifyContent,
} from '@adk-ts/adk';
import { ScriptedLlm, functionCallResponse, textResponse } from '@adk-ts/adk/testing';
import { z } from 'zod';

const lookupOrder = new FunctionTool({
  name: 'lookup_order',
  description: 'Looks up an order by id.',
  parameters: z.object({ orderId: z.string() }),
  execute: ({ orderId }) => ({ orderId, status: 'shipped' }),
});

const model = new ScriptedLlm({
  responses: [
    functionCallResponse('get_order', { orderId: 'A-7' }),
    functionCallResponse('lookup_order', { orderId: 'A-7' }),
    textResponse('Order A-7 has shipped.'),
  ],
});
const app = new App({
  name: 'retry_demo',
  rootAgent: new LlmAgent({ name: 'support', model, tools: [lookupOrder] }),
  plugins: [new ReflectAndRetryToolPlugin({ maxRetries: 2 })],
});
const runner = new InMemoryRunner({ app });
const session = await runner.sessionService.createSession({ appName: 'retry_demo', userId: 'u' });
for await (const event of runner.runAsync({
  userId: 'u',
  sessionId: session.id,
  newMessage: { role: 'user', parts: [{ text: 'Where is order A-7?' }] },
})) {
  const call = event.content?.parts?.find((part) => part.functionCall)?.functionCall;
  const response = event.content?.parts?.find((part) => part.functionResponse)?.functionResponse
    ?.response;
  if (call) console.log(`${event.author} calls ${call.name}`);
  else if (response)
    console.log(
      `${event.author} gets ${String(response['response_type'] ?? JSON.stringify(response))}`,
    );
  else console.log(`${event.author}: ${stringifyContent(event)}`);
}
