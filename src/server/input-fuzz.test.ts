import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import { FileArtifactService } from '../artifacts/file-artifact-service.js';
import { InMemoryMemoryService } from '../memory/in-memory-memory-service.js';
import { DatabaseSessionService } from '../sessions/database/database-session-service.js';
import { ScriptedLlm, functionCallResponse, textResponse } from '../testing/scripted-llm.js';
import {
  createSqlTestDatabase,
  type SqlTestBackend,
  type SqlTestDatabase,
} from '../testing/sql-test-databases.js';
import { FunctionTool } from '../tools/function-tool.js';
import { setLogger } from '../utils/logger.js';
import { nestsDeeperThan } from '../utils/nesting-depth.js';
import { pathIdProblem } from '../utils/stored-id.js';
import { ContentObject, isBase64 } from './genai-schemas.js';
import { serveApiServer, type ApiServerHandle } from './serve-api-server.js';
import { StaticAgentLoader } from './static-agent-loader.js';

// Issue 15's "done when": malformed bodies, bad ids and deep nesting sent to
// the real server on SQLite, PostgreSQL and MariaDB (file artifacts beside)
// get no status of 500 or more, and nothing invalid is stored. Seeded, so a
// failure replays; the seed and the request are in the failure message.

const REQUESTS_PER_BACKEND = 300;

/** mulberry32: a small seeded generator, so every run sends the same requests. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface FuzzRequest {
  method: string;
  path: string;
  body?: string;
}

/** The request generators; `known` holds the user and session ids created so far. */
class Fuzzer {
  readonly known: { userId: string; sessionId: string }[] = [];

  constructor(private readonly random: () => number) {}

  private chance(p: number): boolean {
    return this.random() < p;
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  private int(max: number): number {
    return Math.floor(this.random() * max);
  }

  id(): string {
    return this.chance(0.6)
      ? this.pick(['u1', 'u2', 's1', 'session-2', 'é😀', 'x'.repeat(128), 'a b', '.x', '...'])
      : this.pick([
          '',
          ' ',
          'x'.repeat(129),
          '😀'.repeat(129),
          'a\u0000b',
          'line\nbreak',
          'del\u007f',
          'half\ud800',
          '../x',
          'a/b',
          'a\\b',
          '..',
          '.',
          'x/sessions/y',
          'C:',
          '__proto__',
          'constructor',
        ]);
  }

  string(): string {
    return this.pick([
      'hello',
      '',
      'a\u0000b',
      '\ud800',
      'ok\udfff',
      '😀',
      'x'.repeat(this.int(2_000)),
      'call unknown',
      'call echo',
      '\\u0000',
      'C:\\\\u0000',
    ]);
  }

  deep(levels: number): unknown {
    let value: unknown = this.string();
    for (let level = 0; level < levels; level++) value = this.chance(0.5) ? [value] : { k: value };
    return value;
  }

  value(budget = 3): unknown {
    const roll = this.random();
    if (roll < 0.1) return this.deep(this.pick([5, 96, 97, 98, 99, 100, 101, 150, 3_000]));
    if (budget <= 0 || roll < 0.5) {
      return this.pick<unknown>([
        this.string(),
        this.int(100),
        -1.5,
        1e308,
        true,
        null,
        Number.MAX_SAFE_INTEGER,
      ]);
    }
    if (roll < 0.7) {
      return Array.from({ length: this.int(4) }, () => this.value(budget - 1));
    }
    const out: Record<string, unknown> = {};
    for (let index = this.int(4); index > 0; index--) {
      const key = this.chance(0.85)
        ? this.pick(['a', 'b', 'user:k', 'app:k', 'temp:k', 'snake_key', 'camelKey'])
        : this.pick(['__proto__', 'constructor', 'a\u0000', '\ud800', '']);
      Object.defineProperty(out, key, {
        value: this.value(budget - 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }

  part(): unknown {
    return this.pick<() => unknown>([
      () => ({ text: this.string() }),
      () => ({ text: this.pick(['call unknown', 'call echo', 'hi']) }),
      () => ({ text: 1 }),
      () => ({ functionCall: 'x' }),
      () => ({ functionCall: { name: 'echo', args: this.value() } }),
      () => ({ function_call: { name: 'echo', args: { x: 1 }, id: this.id() } }),
      () => ({
        inlineData: {
          data: this.pick(['!!!', 'AA==', 'AAAAA', '-_8', 'aGk']),
          mimeType: 'image/png',
        },
      }),
      () => ({
        inline_data: { data: 'AA==', mime_type: this.pick<unknown>([1, 'text/plain', null]) },
      }),
      () => ({ inlineData: 'aGk=' }),
      () => ({ functionResponse: { name: 'echo', response: this.value() } }),
      () => ({ functionResponse: { name: 'echo', id: this.id(), response: { x: 1 } } }),
      () => ({ fileData: { fileUri: this.string(), mimeType: 'text/plain' } }),
      () => ({ thought: this.pick<unknown>([true, 'yes']), text: 'x' }),
      () => ({ text: 'x', unknownField: 1 }),
      () => this.value(),
    ])();
  }

  content(): unknown {
    if (this.chance(0.1)) return this.value();
    return {
      ...(this.chance(0.9) ? { role: this.pick<unknown>(['user', 'model', 5]) } : {}),
      parts: this.chance(0.9)
        ? Array.from({ length: 1 + this.int(3) }, () => this.part())
        : this.value(),
    };
  }

  event(): unknown {
    return {
      author: this.pick<unknown>(['user', 'agent', 3]),
      ...(this.chance(0.5) ? { id: this.id() } : {}),
      ...(this.chance(0.3) ? { invocationId: this.pick(['e-1', 'i'.repeat(300), 'a\nb']) } : {}),
      timestamp: this.pick<unknown>([1_700_000_000, 1e13, -1e12, 'now', 0]),
      ...(this.chance(0.8) ? { content: this.content() } : {}),
      ...(this.chance(0.2) ? { customMetadata: this.value() } : {}),
    };
  }

  /** An existing session most of the time, so runs and artifacts get past the 404. */
  session(): { userId: string; sessionId: string } {
    if (this.known.length > 0 && this.chance(0.7)) return this.pick(this.known);
    return { userId: this.id(), sessionId: this.id() };
  }

  body(valid: () => unknown): string | undefined {
    const roll = this.random();
    if (roll < 0.05) return undefined;
    if (roll < 0.1) return this.pick(['{', '[]', 'null', '"x"', '{"a":', '\u0000']);
    if (roll < 0.15) return JSON.stringify(this.value());
    return JSON.stringify(valid());
  }

  request(): FuzzRequest {
    const seg = pathSegment;
    const app = this.chance(0.95) ? 'app' : this.pick(['App', '../x', 'user', 'a-b']);
    const { userId, sessionId } = this.session();
    const base = `/apps/${seg(app)}/users/${seg(userId)}/sessions`;
    const runBody = () => ({
      appName: app,
      userId,
      sessionId,
      ...(this.chance(0.9) ? { newMessage: this.content() } : {}),
      ...(this.chance(0.2) ? { stateDelta: this.value() } : {}),
      ...(this.chance(0.2) ? { customMetadata: this.value() } : {}),
      ...(this.chance(0.1) ? { invocationId: this.string() } : {}),
      ...(this.chance(0.2) ? { streaming: this.pick<unknown>([true, 'yes']) } : {}),
    });
    return this.pick<() => FuzzRequest>([
      () => ({
        method: 'POST',
        path: base,
        body: this.body(() => ({
          ...(this.chance(0.8) ? { sessionId: this.id() } : {}),
          ...(this.chance(0.5) ? { state: this.value() } : {}),
          ...(this.chance(0.3)
            ? { events: Array.from({ length: this.int(3) }, () => this.event()) }
            : {}),
        })),
      }),
      () => ({
        method: 'POST',
        path: `${base}/${seg(sessionId)}`,
        body: this.body(() => this.value()),
      }),
      () => ({
        method: 'PATCH',
        path: `${base}/${seg(sessionId)}`,
        body: this.body(() => ({ stateDelta: this.value() })),
      }),
      () => ({ method: 'GET', path: `${base}/${seg(sessionId)}` }),
      () => ({ method: 'GET', path: base }),
      () => ({ method: 'DELETE', path: `${base}/${seg(this.id())}` }),
      () => ({ method: 'POST', path: '/run', body: this.body(runBody) }),
      () => ({ method: 'POST', path: '/run', body: this.body(runBody) }),
      () => ({ method: 'POST', path: '/run_sse', body: this.body(runBody) }),
      () => ({
        method: 'POST',
        path: `${base}/${seg(sessionId)}/artifacts`,
        body: this.body(() => ({
          filename: this.pick<unknown>(['f.txt', 'user:f.txt', 'a/b.txt', '../x', 'a\u0000', 5]),
          artifact: this.part(),
          ...(this.chance(0.3) ? { customMetadata: this.value() } : {}),
        })),
      }),
      () => ({ method: 'GET', path: `${base}/${seg(sessionId)}/artifacts` }),
      () => ({ method: 'GET', path: `${base}/${seg(sessionId)}/artifacts/f.txt/versions` }),
      () => ({
        method: 'PATCH',
        path: `/apps/${seg(app)}/users/${seg(userId)}/memory`,
        body: this.body(() => ({ sessionId })),
      }),
    ])();
  }
}

/**
 * `id` percent-encoded for a URL path. A lone surrogate, which
 * `encodeURIComponent` refuses, is sent as the bytes UTF-8 would give it
 * (`%ED%A0%80`), which is not valid UTF-8: the server must refuse it too.
 */
function pathSegment(id: string): string {
  let out = '';
  for (const character of id) {
    out += /\p{Cs}/u.test(character) ? '%ED%A0%80' : encodeURIComponent(character);
  }
  return out;
}

function fuzzModel(): ScriptedLlm {
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

/** A string or key anywhere in `value` that no database can hold. */
function hasUnstorableString(value: unknown): boolean {
  if (typeof value === 'string') return /[\0\p{Cs}]/u.test(value);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(
    ([key, item]) => /[\0\p{Cs}]/u.test(key) || hasUnstorableString(item),
  );
}

const backends: SqlTestBackend[] = ['sqlite', 'postgres', 'mysql'];

describe.each(backends.map((backend, index) => [backend, 1_500 + index] as const))(
  'the API fuzzed on %s (seed %i)',
  (backend, seed) => {
    let database: SqlTestDatabase;
    let sessionService: DatabaseSessionService;
    let artifactRoot: string;
    let artifactService: FileArtifactService;
    let server: ApiServerHandle;

    beforeAll(async () => {
      database = await createSqlTestDatabase(backend, 'fuzz');
      sessionService = new DatabaseSessionService({ dbUrl: database.uri });
      artifactRoot = await mkdtemp(join(tmpdir(), 'adk-fuzz-'));
      artifactService = new FileArtifactService(artifactRoot);
      const echo = new FunctionTool({
        name: 'echo',
        description: 'Echoes.',
        parameters: z.object({ x: z.number() }),
        execute: ({ x }) => ({ x }),
      });
      server = await serveApiServer({
        port: 0,
        agentLoader: new StaticAgentLoader({
          apps: { app: new LlmAgent({ name: 'agent', model: fuzzModel(), tools: [echo] }) },
        }),
        sessionService,
        artifactService,
        memoryService: new InMemoryMemoryService(),
      });
    });

    afterAll(async () => {
      await server?.close();
      await sessionService?.close();
      await database?.drop();
      if (artifactRoot) await rm(artifactRoot, { recursive: true, force: true });
    });

    it(`${REQUESTS_PER_BACKEND} malformed requests: no status of 500 or more, nothing invalid stored`, async () => {
      const fuzzer = new Fuzzer(seededRandom(seed));
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      const silent = () => undefined;
      setLogger({ debug: silent, info: silent, warn: silent, error: silent });
      try {
        for (let index = 0; index < REQUESTS_PER_BACKEND; index++) {
          const request = fuzzer.request();
          const response = await fetch(`${server.url}${request.path}`, {
            method: request.method,
            ...(request.body === undefined ? {} : { body: request.body }),
          });
          const text = await response.text();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          const shown = `#${index} ${request.method} ${request.path.slice(0, 120)} ${String(request.body).slice(0, 200)} → ${response.status} ${text.slice(0, 300)}`;
          if (response.status >= 500) failures.push(shown);
          if (response.status === 200 && request.path === '/run_sse') {
            const errors = text
              .split('\n\n')
              .filter((frame) => frame.startsWith('data: {"error"'))
              .map(
                (frame) => JSON.parse(frame.slice(6)) as { error_details: { error_type: string } },
              );
            // A model calling a tool the agent lacks fails the run, as in Python; nothing else may.
            if (errors.some((frame) => frame.error_details.error_type !== 'ToolNotFoundError')) {
              failures.push(shown);
            }
          }
          if (
            response.status === 200 &&
            request.method === 'POST' &&
            /\/sessions$/.test(request.path)
          ) {
            const created = JSON.parse(text) as { userId: string; id: string };
            fuzzer.known.push({ userId: created.userId, sessionId: created.id });
          }
        }
      } finally {
        setLogger();
      }
      expect(failures, `seed ${seed}`).toEqual([]);
      // Enough of the requests got past validation to exercise storage and runs.
      expect(statuses.get(200) ?? 0).toBeGreaterThan(REQUESTS_PER_BACKEND / 5);

      // Nothing invalid was stored: every session reads back, over the API
      // too, with ids the API accepts, contents genai accepts and storable values.
      const { sessions } = await sessionService.listSessions({ appName: 'app' });
      expect(sessions.length).toBeGreaterThan(0);
      for (const listed of sessions) {
        expect(pathIdProblem(listed.userId), listed.userId).toBeUndefined();
        expect(pathIdProblem(listed.id), listed.id).toBeUndefined();
        const session = await sessionService.getSession({
          appName: 'app',
          userId: listed.userId,
          sessionId: listed.id,
        });
        expect(hasUnstorableString(session!.state)).toBe(false);
        for (const event of session!.events) {
          expect(nestsDeeperThan(event, 101), event.id).toBe(false);
          expect(hasUnstorableString(event), event.id).toBe(false);
          if (event.content) {
            expect(
              ContentObject.safeParse(event.content).success,
              JSON.stringify(event.content),
            ).toBe(true);
          }
        }
        const read = await fetch(
          `${server.url}/apps/app/users/${encodeURIComponent(listed.userId)}/sessions/${encodeURIComponent(listed.id)}`,
        );
        expect(read.status).toBe(200);
      }
      const usersFolder = join(artifactRoot, 'apps', 'app', 'users');
      const users = await readdir(usersFolder).catch(() => [] as string[]);
      for (const userId of users) {
        expect(pathIdProblem(userId), userId).toBeUndefined();
        const sessionIds = await readdir(join(usersFolder, userId, 'sessions')).catch(
          () => [] as string[],
        );
        for (const sessionId of sessionIds) {
          expect(pathIdProblem(sessionId), sessionId).toBeUndefined();
          const key = { appName: 'app', userId, sessionId };
          for (const filename of await artifactService.listArtifactKeys(key)) {
            const part = await artifactService.loadArtifact({ ...key, filename });
            const data = part?.inlineData?.data;
            if (data !== undefined) expect(isBase64(data)).toBe(true);
            expect(hasUnstorableString(part)).toBe(false);
          }
        }
      }
    }, 180_000);
  },
);
