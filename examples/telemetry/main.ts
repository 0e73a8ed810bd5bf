/**
 * Tracing: ADK's OpenTelemetry spans, recorded by the in-process span store
 * and printed as a tree with their durations and key attributes. With your
 * own OpenTelemetry SDK registered instead, the same spans go to its
 * exporter. No model and no network: the model is scripted.
 *
 * Run: node --import tsx examples/telemetry/main.ts
 */
import {
  FunctionTool,
  InMemoryRunner,
  InMemorySpanStore,
  LlmAgent,
  registerSpanStore,
  type StoredSpan,
} from '@adk-ts/adk';
import { ScriptedLlm, functionCallResponse, textResponse } from '@adk-ts/adk/testing';
import { z } from 'zod';

const store = new InMemorySpanStore({ maxSpans: 1000 });
if (!registerSpanStore(store)) {
  console.error(
    'Another OpenTelemetry tracer provider is registered; its exporter gets the spans.',
  );
  process.exit(1);
}

const getWeather = new FunctionTool({
  name: 'get_weather',
  description: 'Returns the weather of a city.',
  parameters: z.object({ city: z.string() }),
  execute: ({ city }) => ({ city, sky: 'clear', temperatureC: 22 }),
});

const agent = new LlmAgent({
  name: 'weather_agent',
  description: 'Answers weather questions.',
  model: new ScriptedLlm({
    model: 'scripted-weather-model',
    responses: [
      functionCallResponse('get_weather', { city: 'Lisbon' }),
      textResponse('It is clear and 22 °C in Lisbon.', {
        usageMetadata: { promptTokenCount: 42, candidatesTokenCount: 9 },
      }),
    ],
  }),
  tools: [getWeather],
});

const runner = new InMemoryRunner({ agent, appName: 'telemetry_demo' });
const session = await runner.sessionService.createSession({
  appName: 'telemetry_demo',
  userId: 'user',
});
for await (const event of runner.runAsync({
  userId: 'user',
  sessionId: session.id,
  newMessage: { role: 'user', parts: [{ text: 'Weather in Lisbon?' }] },
})) {
  const text = event.content?.parts?.[0]?.text;
  if (text) console.log(`${event.author}: ${text}`);
}

// The spans of the session's traces, printed as a tree.
const spans = store.getSessionSpans(session.id);
const children = new Map<string | undefined, StoredSpan[]>();
for (const span of spans) {
  const siblings = children.get(span.parentSpanId) ?? [];
  siblings.push(span);
  children.set(span.parentSpanId, siblings);
}
function facts(span: StoredSpan): string {
  const attributes = span.attributes;
  const picked = [
    'gen_ai.request.model',
    'gen_ai.usage.input_tokens',
    'gen_ai.usage.output_tokens',
    'gen_ai.tool.name',
    'gcp.vertex.agent.tool_call_args',
  ].flatMap((key) => (attributes[key] === undefined ? [] : [`${key}=${String(attributes[key])}`]));
  return picked.length > 0 ? `  (${picked.join(', ')})` : '';
}
function print(parent: string | undefined, depth: number): void {
  for (const span of children.get(parent) ?? []) {
    const ms = (span.endTime - span.startTime) / 1e6;
    console.log(`${'  '.repeat(depth)}${span.name} ${ms.toFixed(2)} ms${facts(span)}`);
    print(span.spanId, depth + 1);
  }
}
print(undefined, 0);
console.log(`spans recorded: ${spans.length}`);
