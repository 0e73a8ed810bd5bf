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
import type { Content, FunctionCall } from '../../src/types/index.js';
import { setLogger, type Logger } from '../../src/utils/logger.js';
import {
  PET_STORE_API_KEY,
  PET_STORE_TOKEN,
  startPetStore,
  type PetStore,
} from '../openapi/pet-store.js';
import { oauth2PetStoreSpec, securedPetStoreSpec } from '../openapi/secured-pet-store-spec.js';
import {
  OAUTH2_CLIENT_ID,
  OAUTH2_CLIENT_SECRET,
  signIn,
  startOAuth2Server,
  type OAuth2Server,
} from '../oauth/oauth2-server.js';
import { AuthToolArguments } from '../../src/auth/auth-config.js';
import type { CredentialService } from '../../src/context/credential-service.js';
import { InMemoryCredentialService } from '../../src/context/in-memory-credential-service.js';

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
 * the `temp:` auth state; ours redacts both.) For OAuth2 that answer holds
 * only the redirect URI with its spent code: the client secret, the access
 * and refresh tokens are nowhere, nor is the refreshed token.
 */

const REDIRECT = 'http://127.0.0.1:9/oauth/callback';
let store: PetStore;
let oauth: OAuth2Server;
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
  // Tokens live 30 s, inside the minute of leeway: the later turn refreshes.
  oauth = await startOAuth2Server({ accessTokenTtlSeconds: 30 });
  store = await startPetStore({ oauth2TokenIsValid: (token) => oauth.accessTokenIsValid(token) });
  dir = await mkdtemp(join(tmpdir(), 'adk-secrets-'));
  trace.disable();
  expect(registerSpanStore(spans)).toBe(true);
  setLogger(capture);
});
afterAll(async () => {
  setLogger();
  trace.disable();
  await store.close();
  await oauth.close();
  await rm(dir, { recursive: true, force: true });
});

interface RoundTrip {
  tool: string;
  /** The events the Runner yielded, every turn. */
  yielded: Event[];
  /** The id of the client's answer event. */
  answerId: string;
  /** The session as a second service reads it back from the sqlite file. */
  storedEvents: Event[];
  storedState: Record<string, unknown>;
  debugFile: string;
}

interface RoundTripRequest {
  /** Names the sqlite and debug files. */
  name: string;
  tool: string;
  toolset: OpenAPIToolset;
  /** The client's answer to the credential request. */
  answer: (request: FunctionCall) => Content | Promise<Content>;
  /** Called before one more turn that calls the tool again (e.g. to expire tokens); none without. */
  beforeLaterTurn?: () => void;
  credentialService?: CredentialService;
}

/** Asks for the tool's credential, answers, optionally calls again, and collects every trace. */
async function roundTrip(request: RoundTripRequest): Promise<RoundTrip> {
  const { name, tool, toolset, answer, beforeLaterTurn, credentialService } = request;
  const dbUrl = `sqlite:///${join(dir, `${name}.db`)}`;
  const debugPath = join(dir, `${name}.yaml`);
  const model = new ScriptedLlm({
    responses: [
      functionCallResponse(tool, {}),
      textResponse('I need your credential.'),
      textResponse('Done.'),
      functionCallResponse(tool, {}),
      textResponse('Done again.'),
    ],
  });
  const agent = new LlmAgent({ name: 'clerk', model, tools: [toolset] });
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
    ...(credentialService ? { credentialService } : {}),
  });
  await sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
  const run = async (newMessage: Content) => {
    const events: Event[] = [];
    for await (const event of runner.runAsync({ userId: 'u', sessionId: 's', newMessage })) {
      events.push(event);
    }
    return events;
  };
  const yielded = await run(userText('Go.'));
  yielded.push(...(await run(await answer(credentialRequest(yielded)))));
  if (beforeLaterTurn) {
    beforeLaterTurn();
    yielded.push(...(await run(userText('Again.'))));
  }
  await sessionService.close();

  const reader = new DatabaseSessionService({ dbUrl });
  const session = await reader.getSession({ appName: 'app', userId: 'u', sessionId: 's' });
  await reader.close();
  const storedEvents = session?.events ?? [];
  const answerEvent = storedEvents.find((event) =>
    event.content?.parts?.some((part) => part.functionResponse?.name === 'adk_request_credential'),
  );
  expect(answerEvent?.author).toBe('user');
  return {
    tool,
    yielded,
    answerId: answerEvent?.id ?? '',
    storedEvents,
    storedState: session?.state ?? {},
    debugFile: await readFile(debugPath, 'utf8'),
  };
}

/** The answer that fills in `credential` (an API key, a bearer token). */
function answerWith(credential: AuthCredentialInput) {
  return (request: FunctionCall) =>
    credentialAnswer(request, {
      ...(request.args?.['authConfig'] as object),
      exchangedAuthCredential: credential,
    });
}

/**
 * `secret` is in no log line, span attribute, stored state, yielded event or
 * debug file, and in no stored event but the client's answer (`inAnswer`:
 * whether the answer itself carries it, as an API key answer does).
 */
function expectSecretOnlyInTheAnswer(trip: RoundTrip, secret: string, inAnswer: boolean): void {
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
  expect(JSON.stringify(trip.storedEvents).includes(secret)).toBe(inAnswer);

  // What the Runner yields to the client: nothing the client did not send itself.
  expect(trip.yielded.filter((event) => JSON.stringify(event).includes(secret))).toEqual([]);

  // The debug file (Python's writes the answer and the `temp:` auth state): redacted.
  expect(trip.debugFile).toContain('entry_type: session_state_snapshot');
  expect(trip.debugFile).not.toContain(secret);
}

describe('secrets policy: a client-given credential is in no log, span or stored state', () => {
  it('API key answered by the client', async () => {
    const trip = await roundTrip({
      name: 'api-key',
      tool: 'open_vault',
      toolset: new OpenAPIToolset({ specDict: securedPetStoreSpec(store.baseUrl) }),
      answer: answerWith({ authType: 'apiKey', apiKey: PET_STORE_API_KEY }),
    });
    expect(store.requests.at(-1)?.headers['x-api-key']).toBe(PET_STORE_API_KEY);
    expect(trip.debugFile).toContain('<redacted>');
    expectSecretOnlyInTheAnswer(trip, PET_STORE_API_KEY, true);
  });

  it('bearer token answered by the client', async () => {
    const trip = await roundTrip({
      name: 'bearer',
      tool: 'who_am_i',
      toolset: new OpenAPIToolset({ specDict: securedPetStoreSpec(store.baseUrl) }),
      answer: answerWith({
        authType: 'http',
        http: { scheme: 'bearer', credentials: { token: PET_STORE_TOKEN } },
      }),
    });
    expect(store.requests.at(-1)?.headers.authorization).toBe(`Bearer ${PET_STORE_TOKEN}`);
    expectSecretOnlyInTheAnswer(trip, PET_STORE_TOKEN, true);
  });

  it('OAuth2: client secret, code, access and refresh tokens', async () => {
    const before = oauth.requests.length;
    const trip = await roundTrip({
      name: 'oauth2',
      tool: 'list_orders',
      toolset: new OpenAPIToolset({
        specDict: oauth2PetStoreSpec(store.baseUrl, oauth),
        authCredential: {
          authType: 'oauth2',
          oauth2: { clientId: OAUTH2_CLIENT_ID, clientSecret: OAUTH2_CLIENT_SECRET },
        },
      }),
      answer: async (request) => {
        const { authConfig } = AuthToolArguments.parse(request.args);
        const back = await signIn(authConfig.exchangedAuthCredential!.oauth2!.authUri!, REDIRECT);
        return credentialAnswer(request, {
          ...authConfig,
          exchangedAuthCredential: {
            ...authConfig.exchangedAuthCredential,
            oauth2: {
              ...authConfig.exchangedAuthCredential!.oauth2,
              authResponseUri: back,
              redirectUri: REDIRECT,
            },
          },
        });
      },
      beforeLaterTurn: () => oauth.expireAllAccessTokens(),
      credentialService: new InMemoryCredentialService(),
    });
    const tokenRequests = oauth.requests.slice(before).filter((r) => r.url === '/token');
    const code = tokenRequests.find((r) => r.form['grant_type'] === 'authorization_code')?.form[
      'code'
    ];
    const refreshToken = tokenRequests.find((r) => r.form['grant_type'] === 'refresh_token')?.form[
      'refresh_token'
    ];
    const accessTokens = store.requests
      .filter((r) => r.url === '/v1/orders')
      .map((r) => r.headers.authorization?.replace(/^Bearer /, '') ?? '');
    expect(code).toBeDefined();
    expect(refreshToken).toBeDefined();
    expect(accessTokens).toHaveLength(2);
    expect(oauth.accessTokenIsValid(accessTokens[1])).toBe(true);

    expectSecretOnlyInTheAnswer(trip, OAUTH2_CLIENT_SECRET, false);
    expectSecretOnlyInTheAnswer(trip, refreshToken!, false);
    for (const token of accessTokens) expectSecretOnlyInTheAnswer(trip, token, false);
    // The code comes back in the answer's redirect URI; spent, it is still kept out of the rest.
    expectSecretOnlyInTheAnswer(trip, code!, true);
  });
});
