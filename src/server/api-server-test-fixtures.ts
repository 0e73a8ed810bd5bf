import { afterAll, beforeAll, expect } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import { InMemoryArtifactService } from '../artifacts/in-memory-artifact-service.js';
import { InMemoryMemoryService } from '../memory/in-memory-memory-service.js';
import { App } from '../runner/app.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { ScriptedLlm, functionCallResponse, textResponse } from '../testing/scripted-llm.js';
import { ScriptedAgent, modelText } from '../testing/test-agents.js';
import { FunctionTool } from '../tools/function-tool.js';
import { serveApiServer, type ApiServerHandle } from './serve-api-server.js';
import { StaticAgentLoader } from './static-agent-loader.js';

// The production routes of adk-python's api_server (reference/adk-python.md §2.1),
// exercised over real HTTP against a listening server. Shared by the api-server-*.test.ts files.

function weatherAgent(): LlmAgent {
  const getWeather = new FunctionTool({
    name: 'get_weather',
    description: 'Returns the weather for a city.',
    parameters: z.object({ city: z.string() }),
    execute: ({ city }) => ({ report: `Sunny in ${city}` }),
  });
  return new LlmAgent({
    name: 'weather_agent',
    description: 'Answers weather questions.',
    model: new ScriptedLlm({
      responses: (request) => {
        const result = request.contents.at(-1)?.parts?.find((part) => part.functionResponse)
          ?.functionResponse?.response;
        return result
          ? textResponse(`Forecast: ${String(result['report'])}`)
          : functionCallResponse('get_weather', { city: 'Lisbon' });
      },
    }),
    tools: [getWeather],
  });
}

const sessionService = new InMemorySessionService();

const artifactService = new InMemoryArtifactService();

/** The memory service of the served apps. */
export const memoryService = new InMemoryMemoryService();

let server: ApiServerHandle;

/**
 * Registers the hooks of the calling test file that serve the `weather` and `echo` apps, with
 * in-memory session, artifact and memory services, on a free port before its tests and close
 * it after them.
 */
export function useApiServer(): void {
  beforeAll(async () => {
    server = await serveApiServer({
      port: 0,
      agentLoader: new StaticAgentLoader({
        apps: {
          weather: weatherAgent(),
          echo: new App({
            name: 'echo',
            rootAgent: new ScriptedAgent({
              name: 'echo_agent',
              description: 'Says hello.',
              steps: [{ content: modelText('hello') }],
            }),
          }),
        },
      }),
      sessionService,
      artifactService,
      memoryService,
      version: '9.9.9',
    });
  });

  afterAll(async () => {
    await server.close();
  });
}

/** An HTTP answer: status, body parsed as JSON when it is JSON, raw text and headers. */
export interface Reply {
  status: number;
  json: unknown;
  text: string;
  headers: Headers;
}

/** Sends `body` (a string as is, anything else as JSON) to the served apps. */
export async function call(method: string, path: string, body?: unknown): Promise<Reply> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : {
          headers: { 'content-type': 'application/json' },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
  });
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON; the test reads `text`.
  }
  return { status: response.status, json, text, headers: response.headers };
}

let counter = 0;

/** A fresh session id, so every case stands alone (tests run shuffled). */
export function freshId(label: string): string {
  counter += 1;
  return `${label}_${counter}_${Date.now()}`;
}

/** Creates a session of `appName` for `userId` with `body`, expecting 200; returns its id. */
export async function createSession(
  appName: string,
  userId: string,
  body?: unknown,
): Promise<string> {
  const reply = await call('POST', `/apps/${appName}/users/${userId}/sessions`, body ?? {});
  expect(reply.status).toBe(200);
  return (reply.json as { id: string }).id;
}

const textPart = (text: string) => ({ text });

/** A user message of one text. */
export const userMessage = (text: string) => ({ role: 'user', parts: [textPart(text)] });

/** One row of the route table: a request, the status adk-python gives, and a body check. */
export interface RouteCase {
  name: string;
  /** Builds the request (and whatever it needs) and returns it. */
  request: () => Promise<{ method: string; path: string; body?: unknown }>;
  status: number;
  check?: (reply: Reply) => void | Promise<void>;
}
