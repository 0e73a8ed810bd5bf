import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import { FileArtifactService } from '../artifacts/file-artifact-service.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { ScriptedLlm, functionCallResponse, textResponse } from '../testing/scripted-llm.js';
import { FunctionTool } from '../tools/function-tool.js';
import { serveApiServer, type ApiServerHandle } from './serve-api-server.js';
import { StaticAgentLoader } from './static-agent-loader.js';

// Shared by the input-validation-*.test.ts files. Issue 15 §3 and §4, over real HTTP: bad input gets a 4xx and is never
// stored, and a 500 tells the client nothing about the infrastructure.

/** A model that calls `echo`, or a tool the agent lacks when asked to. */
function scriptedModel(): ScriptedLlm {
  return new ScriptedLlm({
    responses: (request) => {
      const last = request.contents.at(-1)?.parts?.[0];
      if (last?.functionResponse) return textResponse('done');
      if (last?.text === 'call unknown') return functionCallResponse('no_such_tool', { x: 1 });
      if (last?.text === 'call echo') return functionCallResponse('echo', { x: 1 });
      return textResponse('hello');
    },
  });
}

/** The scripted model of `app`. */
export const model = scriptedModel();

/** The session service of `app`. */
export const sessionService = new InMemorySessionService();

let artifactRoot: string;

let server: ApiServerHandle;

/**
 * Registers the hooks of the calling test file that serve `app` (the scripted model, an `echo`
 * tool, `sessionService` and a temporary file artifact store) on a free port before its tests,
 * and close it after them.
 */
export function useInputValidationServer(): void {
  beforeAll(async () => {
    artifactRoot = await mkdtemp(join(tmpdir(), 'adk-input-'));
    const echo = new FunctionTool({
      name: 'echo',
      description: 'Echoes.',
      parameters: z.object({ x: z.number() }),
      execute: ({ x }) => ({ x }),
    });
    server = await serveApiServer({
      port: 0,
      agentLoader: new StaticAgentLoader({
        apps: { app: new LlmAgent({ name: 'agent', model, tools: [echo] }) },
      }),
      sessionService,
      artifactService: new FileArtifactService(artifactRoot),
    });
  });

  afterAll(async () => {
    await server.close();
    await rm(artifactRoot, { recursive: true, force: true });
  });
}

/** An HTTP answer: status, body parsed as JSON when it is JSON, raw text and headers. */
export interface Reply {
  status: number;
  json: unknown;
  text: string;
  headers: Headers;
}

/** Sends `body` (a string as is, anything else as JSON) to the served app. */
export async function call(method: string, path: string, body?: unknown): Promise<Reply> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // An SSE stream or an empty body; the test reads `text`.
  }
  return { status: response.status, json, text, headers: response.headers };
}

let counter = 0;

/** Creates a new session of `app` for `userId`; returns its id. */
export async function newSession(userId = 'u'): Promise<string> {
  counter += 1;
  const reply = await call('POST', `/apps/app/users/${userId}/sessions`, {
    sessionId: `s${counter}`,
  });
  expect(reply.status).toBe(200);
  return `s${counter}`;
}

/** A user message of `parts`. */
export const message = (...parts: unknown[]) => ({ role: 'user', parts });

/** POST /run on `app` for user `u`, with `extra` request fields. */
export const run = (sessionId: string, newMessage: unknown, extra: Record<string, unknown> = {}) =>
  call('POST', '/run', { appName: 'app', userId: 'u', sessionId, newMessage, ...extra });

/** The number of events stored in the session, -1 if it does not exist. */
export async function storedEvents(sessionId: string, userId = 'u'): Promise<number> {
  const session = await sessionService.getSession({ appName: 'app', userId, sessionId });
  return session?.events.length ?? -1;
}

/** Expects a 422 and returns its validation issues. */
export function issues(reply: Reply): { type: string; loc: (string | number)[] }[] {
  expect(reply.status, reply.text).toBe(422);
  return (reply.json as { detail: { type: string; loc: (string | number)[] }[] }).detail;
}
