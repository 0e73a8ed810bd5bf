/**
 * Tool authentication: a tool asks the client for an API key
 * (`adk_request_credential`), the client answers with the credential in a
 * function response, and the tool runs again with it.
 *
 * Run: npx tsx examples/tool-auth/main.ts
 */
import {
  FunctionTool,
  InMemoryRunner,
  LlmAgent,
  stringifyContent,
  type AuthConfigInput,
  type Event,
} from '@adk-ts/adk';
import { ScriptedLlm, functionCallResponse, textResponse } from '@adk-ts/adk/testing';
import { z } from 'zod';

const weatherApiKey: AuthConfigInput = {
  authScheme: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
  rawAuthCredential: { authType: 'apiKey' },
};

const getWeather = new FunctionTool({
  name: 'get_weather',
  description: 'The weather of a city.',
  parameters: z.object({ city: z.string() }),
  execute: ({ city }, context) => {
    const credential = context.getAuthResponse(weatherApiKey);
    if (!credential) {
      context.requestCredential(weatherApiKey);
      return { status: 'waiting for the API key' };
    }
    // A real tool would send the key in the X-Api-Key header here.
    return { city, weather: 'sunny', keyLength: credential.apiKey?.length };
  },
});

const agent = new LlmAgent({
  name: 'forecaster',
  model: new ScriptedLlm({
    responses: [
      functionCallResponse('get_weather', { city: 'Lisbon' }),
      textResponse('I need your weather API key.'),
      textResponse('Sunny in Lisbon.'),
    ],
  }),
  tools: [getWeather],
});
const runner = new InMemoryRunner({ agent, appName: 'auth_demo' });
const session = await runner.sessionService.createSession({ appName: 'auth_demo', userId: 'u' });

let request: { id: string; args: Record<string, unknown> } | undefined;
const print = (event: Event) => {
  for (const part of event.content?.parts ?? []) {
    if (part.functionCall?.name === 'adk_request_credential') {
      request = { id: part.functionCall.id!, args: part.functionCall.args ?? {} };
      console.log(`${event.author}: adk_request_credential ${JSON.stringify(request.args)}`);
    } else if (part.functionCall) {
      console.log(`${event.author}: calls ${part.functionCall.name}`);
    } else if (part.functionResponse) {
      console.log(`${event.author}: ${JSON.stringify(part.functionResponse.response)}`);
    }
  }
  const text = stringifyContent(event);
  if (text) console.log(`${event.author}: ${text}`);
};

for await (const event of runner.runAsync({
  userId: 'u',
  sessionId: session.id,
  newMessage: { role: 'user', parts: [{ text: 'Weather in Lisbon?' }] },
}))
  print(event);

console.log('-- the client answers with the key --');
const answer = {
  ...(request!.args['authConfig'] as object),
  exchangedAuthCredential: { authType: 'apiKey', apiKey: 'demo-key-123' },
};
for await (const event of runner.runAsync({
  userId: 'u',
  sessionId: session.id,
  newMessage: {
    role: 'user',
    parts: [
      { functionResponse: { id: request!.id, name: 'adk_request_credential', response: answer } },
    ],
  },
}))
  print(event);
