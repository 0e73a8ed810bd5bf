/**
 * An LLM agent with a function tool, run offline: the model is a scripted
 * stand-in that calls the tool when the question has not been answered yet
 * and then answers from the tool's result — the same ReAct loop a real
 * Gemini, Claude or OpenAI model drives.
 *
 * Run: npx tsx examples/weather-agent/main.ts
 */
import {
  InMemoryRunner,
  FunctionTool,
  LlmAgent,
  stringifyContent,
  type LlmRequest,
} from '@adk-ts/adk';
import { ScriptedLlm, functionCallResponse, textResponse } from '@adk-ts/adk/testing';
import { z } from 'zod';

const getWeather = new FunctionTool({
  name: 'get_weather',
  description: 'Returns the current weather for a city.',
  parameters: z.object({ city: z.string().describe('The city name') }),
  execute: ({ city }, context) => {
    context.state.set('user:last_city', city);
    return { status: 'success', report: `Sunny and 24°C in ${city}.` };
  },
});

// Decides from what it is sent: no tool result yet → call the tool; otherwise answer.
const model = new ScriptedLlm({
  model: 'scripted-weather',
  responses: (request: LlmRequest) => {
    const last = request.contents.at(-1);
    const result = last?.parts?.find((part) => part.functionResponse)?.functionResponse?.response;
    if (!result) return functionCallResponse('get_weather', { city: 'Lisbon' });
    return textResponse(`Here is the forecast: ${String(result['report'])}`);
  },
});

const agent = new LlmAgent({
  name: 'weather_agent',
  description: 'Answers questions about the weather.',
  model,
  instruction:
    'Answer weather questions with the get_weather tool. The user last asked about {user:last_city?}.',
  tools: [getWeather],
});

const runner = new InMemoryRunner({ agent, appName: 'weather' });
const session = await runner.sessionService.createSession({ appName: 'weather', userId: 'ada' });
for await (const event of runner.runAsync({
  userId: 'ada',
  sessionId: session.id,
  newMessage: { role: 'user', parts: [{ text: 'What is the weather in Lisbon?' }] },
})) {
  const call = event.content?.parts?.find((part) => part.functionCall)?.functionCall;
  const response = event.content?.parts?.find((part) => part.functionResponse)?.functionResponse;
  if (call) console.log(`${event.author} calls ${call.name}(${JSON.stringify(call.args)})`);
  else if (response) console.log(`${event.author} gets ${JSON.stringify(response.response)}`);
  else console.log(`${event.author}: ${stringifyContent(event)}`);
}
console.log(`model calls: ${model.requests.length}`);
console.log(
  `system instruction of the first call:\n${String(model.requests[0]?.config.systemInstruction)}`,
);
