import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import { StaleSessionError } from '../errors/stale-session-error.js';
import type { Event } from '../events/event.js';
import type { AppendEventRequest, StoreReload } from '../sessions/base-session-service.js';
import { DatabaseSessionService } from '../sessions/database/database-session-service.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { applyStateDelta } from '../sessions/state-delta.js';
import { ScriptedLlm, functionCallResponse, textResponse } from '../testing/scripted-llm.js';
import {
  createSqlTestDatabase,
  type SqlTestBackend,
  type SqlTestDatabase,
} from '../testing/sql-test-databases.js';
import { ScriptedAgent, modelText } from '../testing/test-agents.js';
import { FunctionTool } from '../tools/function-tool.js';
import { setLogger } from '../utils/logger.js';
import { statusOfError } from './error-response.js';
import { serveApiServer, type ApiServerHandle } from './serve-api-server.js';
import { StaticAgentLoader } from './static-agent-loader.js';

// Several writers on one session through the HTTP API (issue 15 §2): runs and
// state updates at once, on every SQL backend, against a listening server.

/** An agent whose turn is four events: the user's message, a tool call, its response, the answer. */
function weatherAgent(): LlmAgent {
  const getWeather = new FunctionTool({
    name: 'get_weather',
    description: 'Returns the weather for a city.',
    parameters: z.object({ city: z.string() }),
    execute: ({ city }) => ({ report: `Sunny in ${city}` }),
  });
  return new LlmAgent({
    name: 'weather_agent',
    model: new ScriptedLlm({
      responses: async (request) => {
        // A model answers after a round trip: let the other requests go on meanwhile
        // (on SQLite, whose driver never waits, runs would otherwise never overlap).
        await new Promise((resolve) => setImmediate(resolve));
        return request.contents.at(-1)?.parts?.some((part) => part.functionResponse)
          ? textResponse('Forecast: sunny.')
          : functionCallResponse('get_weather', { city: 'Lisbon' });
      },
    }),
    tools: [getWeather],
  });
}

interface Reply {
  status: number;
  text: string;
}

async function call(server: ApiServerHandle, method: string, path: string, body: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() } satisfies Reply;
}

/** The JSON of every `data:` frame of an SSE body. */
function sseFrames(text: string): Record<string, unknown>[] {
  return text
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: '))
    .map((frame) => JSON.parse(frame.slice('data: '.length)) as Record<string, unknown>);
}

function foldState(events: readonly Event[]): Record<string, unknown> {
  const state: Record<string, unknown> = {};
  for (const event of events) applyStateDelta(state, event.actions.stateDelta);
  return state;
}

const isAnswer = (event: Event) =>
  event.author === 'weather_agent' &&
  !!event.content?.parts?.some((part) => part.text) &&
  !event.content.parts.some((part) => part.functionCall || part.functionResponse);

const backends: SqlTestBackend[] = ['sqlite', 'postgres', 'mysql'];

for (const backend of backends) {
  describe(`several writers on one session through the API on ${backend}`, () => {
    let database: SqlTestDatabase;
    let sessionService: DatabaseSessionService;
    let server: ApiServerHandle;
    const userPath = '/apps/weather/users/u/sessions';

    beforeAll(async () => {
      database = await createSqlTestDatabase(backend, 'api_writers');
      sessionService = new DatabaseSessionService({ dbUrl: database.uri });
      server = await serveApiServer({
        port: 0,
        agentLoader: new StaticAgentLoader({ apps: { weather: weatherAgent() } }),
        sessionService,
      });
    });

    afterAll(async () => {
      await server?.close();
      await sessionService?.close();
      await database?.drop();
    });

    it('8 clients × 5 runs (/run and /run_sse) and 2 × 10 state updates at once: all 200, 0 lost, 0 duplicated, every message answered', async () => {
      const sessionId = 'shared';
      expect((await call(server, 'POST', userPath, { sessionId })).status).toBe(200);
      const returned: string[] = [];
      const runClient = async (client: number) => {
        const statuses: number[] = [];
        for (let round = 0; round < 5; round++) {
          const sse = client % 2 === 1;
          const reply = await call(server, 'POST', sse ? '/run_sse' : '/run', {
            appName: 'weather',
            userId: 'u',
            sessionId,
            newMessage: { role: 'user', parts: [{ text: `client ${client} round ${round}` }] },
          });
          statuses.push(reply.status);
          if (reply.status !== 200) continue;
          const events = sse
            ? sseFrames(reply.text)
            : (JSON.parse(reply.text) as Record<string, unknown>[]);
          for (const event of events) {
            expect(event['error'], `error frame: ${reply.text}`).toBeUndefined();
            returned.push(event['id'] as string);
          }
        }
        return statuses;
      };
      const patchClient = async (client: number) => {
        const statuses: number[] = [];
        for (let round = 0; round < 10; round++) {
          const reply = await call(server, 'PATCH', `${userPath}/${sessionId}`, {
            stateDelta: { [`p${client}_${round}`]: round, last: `p${client}_${round}` },
          });
          statuses.push(reply.status);
        }
        return statuses;
      };
      const statuses = (
        await Promise.all([
          ...Array.from({ length: 8 }, (_, client) => runClient(client)),
          patchClient(0),
          patchClient(1),
        ])
      ).flat();
      // The SQL store reloads and appends in one transaction: no writer is ever refused.
      expect(statuses.filter((status) => status !== 200)).toEqual([]);

      const stored = (await sessionService.getSession({
        appName: 'weather',
        userId: 'u',
        sessionId,
      }))!;
      const ids = stored.events.map((event) => event.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of returned) expect(ids, `returned event ${id} not stored`).toContain(id);
      const messages = stored.events.filter(
        (event) => event.author === 'user' && event.content?.parts?.[0]?.text,
      );
      expect(messages).toHaveLength(40);
      for (const message of messages) {
        const answers = stored.events.filter(
          (event) => event.invocationId === message.invocationId && isAnswer(event),
        );
        expect(answers, `message ${message.invocationId} has no answer`).toHaveLength(1);
      }
      const updates = stored.events.filter((event) => event.invocationId.startsWith('p-'));
      expect(updates).toHaveLength(20);
      expect(stored.state).toEqual(foldState(stored.events));
      for (const client of [0, 1]) {
        for (let round = 0; round < 10; round++) {
          expect(stored.state[`p${client}_${round}`]).toBe(round);
        }
      }
    }, 120_000);

    it('8 concurrent state updates × 25 on one session: all 200, the final state holds every key, one event each', async () => {
      const sessionId = 'patched';
      expect((await call(server, 'POST', userPath, { sessionId })).status).toBe(200);
      const patcher = async (client: number) => {
        const statuses: number[] = [];
        for (let round = 0; round < 25; round++) {
          const reply = await call(server, 'PATCH', `${userPath}/${sessionId}`, {
            stateDelta: { [`c${client}_${round}`]: true, [`c${client}`]: round },
          });
          statuses.push(reply.status);
          if (reply.status === 200) {
            // The answer is the session as stored with this update: its own key is there.
            const session = JSON.parse(reply.text) as { state: Record<string, unknown> };
            expect(session.state[`c${client}`]).toBe(round);
          }
        }
        return statuses;
      };
      const statuses = (
        await Promise.all(Array.from({ length: 8 }, (_, client) => patcher(client)))
      ).flat();
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      const stored = (await sessionService.getSession({
        appName: 'weather',
        userId: 'u',
        sessionId,
      }))!;
      expect(stored.events).toHaveLength(200);
      for (let client = 0; client < 8; client++) {
        expect(stored.state[`c${client}`]).toBe(24);
        for (let round = 0; round < 25; round++)
          expect(stored.state[`c${client}_${round}`]).toBe(true);
      }
    }, 120_000);
  });
}

/** A store that refuses every append as stale, as one would whose writers never stop. */
class RefusingSessionService extends InMemorySessionService {
  protected override appendEventToStore(request: AppendEventRequest, _reload?: StoreReload): Event {
    throw new StaleSessionError({ sessionId: request.session.id });
  }
}

describe('a store that keeps refusing stale appends, through the API', () => {
  const sessionService = new RefusingSessionService();
  let server: ApiServerHandle;
  const errors: unknown[][] = [];

  beforeAll(async () => {
    const drop = () => undefined;
    setLogger({
      debug: drop,
      info: drop,
      warn: drop,
      error: (...record) => errors.push(record),
    });
    server = await serveApiServer({
      port: 0,
      agentLoader: new StaticAgentLoader({
        apps: {
          echo: new ScriptedAgent({ name: 'echo', steps: [{ content: modelText('hello') }] }),
        },
      }),
      sessionService,
    });
    await sessionService.createSession({ appName: 'echo', userId: 'u', sessionId: 's' });
  });

  afterAll(async () => {
    await server?.close();
    setLogger();
  });

  const runBody = {
    appName: 'echo',
    userId: 'u',
    sessionId: 's',
    newMessage: { parts: [{ text: 'hi' }] },
  };

  it('StaleSessionError is a 409 (statusOfError)', () => {
    expect(statusOfError(new StaleSessionError({ sessionId: 's' }))).toBe(409);
  });

  it('/run and PATCH answer 409 with the error message; /run_sse, already streaming, ends with an error frame', async () => {
    const expected = new StaleSessionError({ sessionId: 's' }).message;
    const run = await call(server, 'POST', '/run', runBody);
    expect(run.status).toBe(409);
    expect(JSON.parse(run.text)).toEqual({ detail: expected });

    const patch = await call(server, 'PATCH', '/apps/echo/users/u/sessions/s', {
      stateDelta: { k: 1 },
    });
    expect(patch.status).toBe(409);
    expect(JSON.parse(patch.text)).toEqual({ detail: expected });

    const sse = await call(server, 'POST', '/run_sse', runBody);
    expect(sse.status).toBe(200);
    const frames = sseFrames(sse.text);
    expect(frames).toHaveLength(1);
    expect(frames[0]).toMatchObject({
      error: `StaleSessionError: ${expected}`,
      error_details: { error_type: 'StaleSessionError', error_message: expected },
    });
    expect(
      (await sessionService.getSession({ appName: 'echo', userId: 'u', sessionId: 's' }))!.events,
    ).toEqual([]);
    // A 409 is not a server failure: only the stream's error is logged.
    expect(errors.map((record) => String(record[0]))).toEqual([
      expect.stringMatching(/^Error in the \/run_sse stream of app echo \(request [\w-]+\)\.$/),
    ]);
  });
});
