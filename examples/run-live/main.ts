/**
 * A live session over the API server's /run_live WebSocket, offline: the
 * scripted live model stands in for Gemini Live. The server side is
 * `serveApiServer` on an ephemeral loopback port; the client side is what a
 * browser (or adk-web) does: create a session over HTTP, open
 * `ws://…/run_live?app_name=…&user_id=…&session_id=…&modalities=TEXT`, send
 * LiveRequest JSON frames and read each event as a JSON text frame. Sending
 * `{"close": true}` ends the run; the server then closes the socket with 1000.
 *
 * Run: npx tsx examples/run-live/main.ts
 */
import { FunctionTool, InMemorySessionService, LlmAgent } from '@adk-ts/adk';
import { serveApiServer, StaticAgentLoader } from '@adk-ts/adk/server';
import { functionCallResponse, ScriptedLiveLlm, textResponse } from '@adk-ts/adk/testing';
import WebSocket from 'ws';
import { z } from 'zod';

// Each scripted turn is released by the next thing the session sends to the model.
const model = new ScriptedLiveLlm({
  turns: [
    [functionCallResponse('get_weather', { city: 'Lisbon' })],
    [
      textResponse('It is sunny ', { partial: true }),
      textResponse('in Lisbon.', { partial: true }),
      { turnComplete: true },
    ],
  ],
});

const agent = new LlmAgent({
  name: 'live_assistant',
  model,
  tools: [
    new FunctionTool({
      name: 'get_weather',
      description: 'The weather in a city.',
      parameters: z.object({ city: z.string() }),
      execute: ({ city }) => ({ city, weather: 'sunny' }),
    }),
  ],
});

const server = await serveApiServer({
  port: 0,
  agentLoader: new StaticAgentLoader({ apps: { live_weather: agent } }),
  sessionService: new InMemorySessionService(),
});

const created = await fetch(`${server.url}/apps/live_weather/users/me/sessions`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: '{}',
});
const { id: sessionId } = (await created.json()) as { id: string };

const query = new URLSearchParams({
  app_name: 'live_weather',
  user_id: 'me',
  session_id: sessionId,
  modalities: 'TEXT',
});
const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/run_live?${query}`);

interface EventJson {
  author: string;
  partial?: boolean;
  turnComplete?: boolean;
  content?: { parts?: Record<string, unknown>[] };
}

socket.on('open', () => {
  // Python's field names, as adk-web sends them; camelCase is accepted too.
  socket.send(
    JSON.stringify({ content: { role: 'user', parts: [{ text: 'Weather in Lisbon?' }] } }),
  );
});

socket.on('message', (data) => {
  const event = JSON.parse(String(data)) as EventJson;
  for (const part of event.content?.parts ?? []) {
    if (typeof part['text'] === 'string') {
      console.log(`${event.author}${event.partial ? ' (partial)' : ''}: ${part['text']}`);
    }
    if (part['functionCall']) {
      const { name, args } = part['functionCall'] as { name: string; args: unknown };
      console.log(`${event.author}: call ${name} ${JSON.stringify(args)}`);
    }
    if (part['functionResponse']) {
      const { name, response } = part['functionResponse'] as { name: string; response: unknown };
      console.log(`${event.author}: ${name} → ${JSON.stringify(response)}`);
    }
  }
  if (event.turnComplete) {
    console.log(`${event.author}: (turn complete)`);
    socket.send(JSON.stringify({ close: true }));
  }
});

const [code] = await new Promise<[number, string]>((resolve) =>
  socket.on('close', (closeCode, reason) => resolve([closeCode, reason.toString()])),
);
console.log(`socket closed: ${code}`);
await server.close();
