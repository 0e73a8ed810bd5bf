import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { trace } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmAgent } from '../../src/agents/llm-agent.js';
import type { Event } from '../../src/events/event.js';
import {
  credentialAnswer,
  credentialRequest,
} from '../../src/flows/processors/auth-test-fixtures.js';
import { DebugLoggingPlugin } from '../../src/plugins/debug-logging-plugin.js';
import { LoggingPlugin } from '../../src/plugins/logging-plugin.js';
import { App } from '../../src/runner/app.js';
import { Runner } from '../../src/runner/runner.js';
import { DatabaseSessionService } from '../../src/sessions/database/database-session-service.js';
import { InMemorySpanStore, registerSpanStore } from '../../src/telemetry/span-store.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../../src/testing/scripted-llm.js';
import { userText } from '../../src/testing/test-agents.js';
import { OpenAPIToolset } from '../../src/tools/openapi/openapi-toolset.js';
import type { AuthCredentialInput } from '../../src/tools/openapi/tool-auth.js';
import type { Content } from '../../src/types/index.js';
import { setLogger, type Logger } from '../../src/utils/logger.js';
import {
  PET_STORE_API_KEY,
  PET_STORE_TOKEN,
  startPetStore,
  type PetStore,
} from '../openapi/pet-store.js';
import { securedPetStoreSpec } from '../openapi/secured-pet-store-spec.js';

/*
 * The secrets policy (docs/auth.md "Secrets"): a credential the client gives
 * an authenticated tool reaches the API and nothing else. Run a full round
 * trip (ask, answer, call) with every log, trace and store switched on — the
 * package logger at debug, LoggingPlugin, DebugLoggingPlugin with session
 * state, spans with message content captured, a sqlite session store read
 * back by a second service — and look for the secret everywhere. The one
 * place it may be is where adk-python also keeps it: the client's answer
 * event itself (the user's function response to `adk_request_credential`),
 * stored with the session's events. (Python's debug file also has it, with
 * the `temp:` auth state; ours redacts both.)
 */

let store: PetStore;
let dir: string;
const spans = new InMemorySpanStore();
const logged: string[] = [];
const capture: Logger = {
  debug: (message, ...details) => logged.push([message, ...details.map(String)].join(' ')),
  info: (message, ...details) => logged.push([message, ...details.map(String)].join(' ')),
  warn: (message, ...details) => logged.push([message, ...details.map(String)].join(' ')),
  error: (message, ...details) => logged.push([message, ...details.map(String)].join(' ')),
};

beforeAll(async () => {
  store = await startPetStore();
  dir = await mkdtemp(join(tmpdir(), 'adk-secrets-'));
  trace.disable();
  expect(registerSpanStore(spans)).toBe(true);
  setLogger(capture);
});
afterAll(async () => {
  setLogger();
  trace.disable();
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

interface RoundTrip {
  tool: string;
  secret: string;
  /** The events the Runner yielded, both turns. */
  yielded: Event[];
  /** The id of the client's answer event. */
  answerId: string;
  /** The session as a second service reads it back from the sqlite file. */
  storedEvents: Event[];
  storedState: Record<string, unknown>;
  debugFile: string;
}

/** Asks for `tool`'s credential, answers it with `credential`, and collects every trace of it. */
async function roundTrip(
  tool: 'open_vault' | 'who_am_i',
  credential: AuthCredentialInput,
  secret: string,
  name: string,
): Promise<RoundTrip> {
  const dbUrl = `sqlite:///${join(dir, `${name}.db`)}`;
  const debugPath = join(dir, `${name}.yaml`);
  const model = new ScriptedLlm({
    responses: [
      functionCallResponse(tool, {}),
      textResponse('I need your credential.'),
      textResponse('Done.'),
    ],
  });
  const agent = new LlmAgent({
    name: 'clerk',
    model,
    tools: [new OpenAPIToolset({ specDict: securedPetStoreSpec(store.baseUrl) })],
  });
  const sessionService = new DatabaseSessionService({ dbUrl });
  const runner = new Runner({
    app: new App({
      name: 'app',
      rootAgent: agent,
      plugins: [
        new LoggingPlugin(),
        new DebugLoggingPlugin({ outputPath: debugPath, includeSessionState: true }),
      ],
    }),
    sessionService,
  });
  await sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
  const run = async (newMessage: Content) => {
    const events: Event[] = [];
    for await (const event of runner.runAsync({ userId: 'u', sessionId: 's', newMessage })) {
      events.push(event);
    }
    return events;
  };
  const first = await run(userText('Go.'));
  const request = credentialRequest(first);
  const second = await run(
    credentialAnswer(request, {
      ...(request.args?.['authConfig'] as object),
      exchangedAuthCredential: credential,
    }),
  );
  await sessionService.close();

  const reader = new DatabaseSessionService({ dbUrl });
  const session = await reader.getSession({ appName: 'app', userId: 'u', sessionId: 's' });
  await reader.close();
  const storedEvents = session?.events ?? [];
  const answer = storedEvents.find((event) =>
    event.content?.parts?.some((part) => part.functionResponse?.name === 'adk_request_credential'),
  );
  expect(answer?.author).toBe('user');
  return {
    tool,
    secret,
    yielded: [...first, ...second],
    answerId: answer?.id ?? '',
    storedEvents,
    storedState: session?.state ?? {},
    debugFile: await readFile(debugPath, 'utf8'),
  };
}

function expectNoSecretOutsideTheAnswer(trip: RoundTrip): void {
  const { secret } = trip;
  // The API received it: the round trip worked.
  expect(
    store.requests.at(-1)?.headers['x-api-key'] ?? store.requests.at(-1)?.headers.authorization,
  ).toContain(secret);

  // Logs: the package logger (LoggingPlugin writes there too).
  expect(logged.length).toBeGreaterThan(0);
  expect(logged.filter((line) => line.includes(secret))).toEqual([]);

  // Spans, with message content captured (the default).
  expect(spans.getAllSpans().some((span) => span.name === `execute_tool ${trip.tool}`)).toBe(true);
  const attributes = spans.getAllSpans().map((span) => JSON.stringify(span.attributes));
  expect(attributes.filter((text) => text.includes(secret))).toEqual([]);

  // Stored session: the state, and every event but the client's answer.
  expect(JSON.stringify(trip.storedState)).not.toContain(secret);
  const leaking = trip.storedEvents
    .filter((event) => event.id !== trip.answerId)
    .filter((event) => JSON.stringify(event).includes(secret));
  expect(leaking).toEqual([]);
  expect(JSON.stringify(trip.storedEvents)).toContain(secret);

  // What the Runner yields to the client: nothing the client did not send itself.
  expect(trip.yielded.filter((event) => JSON.stringify(event).includes(secret))).toEqual([]);

  // The debug file: only the user message and the event that are the answer.
  // The debug file (Python's writes the answer and the `temp:` auth state): redacted.
  expect(trip.debugFile).toContain('entry_type: session_state_snapshot');
  expect(trip.debugFile).toContain('<redacted>');
  expect(trip.debugFile).not.toContain(secret);
}

describe('secrets policy: a client-given credential is in no log, span or stored state', () => {
  it('API key answered by the client', async () => {
    const trip = await roundTrip(
      'open_vault',
      { authType: 'apiKey', apiKey: PET_STORE_API_KEY },
      PET_STORE_API_KEY,
      'api-key',
    );
    expectNoSecretOutsideTheAnswer(trip);
  });

  it('bearer token answered by the client', async () => {
    const trip = await roundTrip(
      'who_am_i',
      { authType: 'http', http: { scheme: 'bearer', credentials: { token: PET_STORE_TOKEN } } },
      PET_STORE_TOKEN,
      'bearer',
    );
    expectNoSecretOutsideTheAnswer(trip);
  });
});
