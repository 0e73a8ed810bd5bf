import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OAUTH2_CLIENT_ID,
  OAUTH2_CLIENT_SECRET,
  signIn,
  startOAuth2Server,
  type OAuth2Server,
} from '../../../test/oauth/oauth2-server.js';
import { startPetStore, type PetStore } from '../../../test/openapi/pet-store.js';
import { oauth2PetStoreSpec } from '../../../test/openapi/secured-pet-store-spec.js';
import { LlmAgent } from '../../agents/llm-agent.js';
import { AuthToolArguments } from '../../auth/auth-config.js';
import { InMemoryCredentialService } from '../../context/in-memory-credential-service.js';
import type { Event } from '../../events/event.js';
import { credentialAnswer } from '../../flows/processors/auth-test-fixtures.js';
import { App } from '../../runner/app.js';
import { Runner } from '../../runner/runner.js';
import { InMemorySessionService } from '../../sessions/in-memory-session-service.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../../testing/scripted-llm.js';
import type { Content, FunctionCall } from '../../types/index.js';
import { OpenAPIToolset } from './openapi-toolset.js';

/*
 * An OpenAPIToolset whose document declares an OAuth2 authorization code
 * scheme, given the client id and secret as its credential, through the
 * Runner against a local authorization server (the test plays the browser):
 * the tool asks with an authorization URI, the answer is exchanged for
 * tokens, the call carries the access token; once it expires, it is
 * refreshed without asking (the credential service keeps the tokens).
 */

const REDIRECT_URI = 'http://127.0.0.1:9/oauth/callback';
let server: OAuth2Server;
let store: PetStore;
beforeAll(async () => {
  // Tokens live 30 s, inside the minute of leeway: a stored token is due for a refresh at once.
  server = await startOAuth2Server({ accessTokenTtlSeconds: 30 });
  store = await startPetStore({ oauth2TokenIsValid: (token) => server.accessTokenIsValid(token) });
});
afterAll(async () => {
  await store.close();
  await server.close();
});

async function setup() {
  const call = () => functionCallResponse('list_orders', {});
  const model = new ScriptedLlm({
    responses: [
      call(),
      textResponse('Please sign in.'),
      textResponse('You have one order.'),
      call(),
      textResponse('Still one order.'),
    ],
  });
  const tools = new OpenAPIToolset({
    specDict: oauth2PetStoreSpec(store.baseUrl, server),
    authCredential: {
      authType: 'oauth2',
      oauth2: { clientId: OAUTH2_CLIENT_ID, clientSecret: OAUTH2_CLIENT_SECRET },
    },
  });
  const agent = new LlmAgent({ name: 'shop', model, tools: [tools] });
  const runner = new Runner({
    app: new App({ name: 'app', rootAgent: agent }),
    sessionService: new InMemorySessionService(),
    credentialService: new InMemoryCredentialService(),
  });
  await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
  return runner;
}

async function turn(runner: Runner, newMessage: Content): Promise<Event[]> {
  const events: Event[] = [];
  for await (const event of runner.runAsync({ userId: 'u', sessionId: 's', newMessage })) {
    events.push(event);
  }
  return events;
}

const say = (text: string): Content => ({ role: 'user', parts: [{ text }] });

function credentialCalls(events: readonly Event[]): FunctionCall[] {
  return events
    .flatMap((event) => event.content?.parts ?? [])
    .flatMap((part) =>
      part.functionCall?.name === 'adk_request_credential' ? [part.functionCall] : [],
    );
}

function orderResults(events: readonly Event[]): unknown[] {
  return events
    .flatMap((event) => event.content?.parts ?? [])
    .filter((part) => part.functionResponse?.name === 'list_orders')
    .map((part) => part.functionResponse?.response);
}

/** The bearer tokens the pet store's `GET /orders` received, oldest first. */
function ordersTokens(): (string | undefined)[] {
  return store.requests
    .filter((request) => request.url === '/v1/orders')
    .map((request) => request.headers.authorization?.replace(/^Bearer /, ''));
}

async function answerAfterSignIn(call: FunctionCall): Promise<Content> {
  const { authConfig: requested } = AuthToolArguments.parse(call.args);
  const back = await signIn(requested.exchangedAuthCredential!.oauth2!.authUri!, REDIRECT_URI);
  return credentialAnswer(call, {
    ...requested,
    exchangedAuthCredential: {
      ...requested.exchangedAuthCredential,
      oauth2: {
        ...requested.exchangedAuthCredential!.oauth2,
        authResponseUri: back,
        redirectUri: REDIRECT_URI,
      },
    },
  });
}

describe('OpenAPIToolset with an OAuth2 authorization code scheme through the Runner', () => {
  it('asks with an authorization URI, calls with the exchanged token, refreshes without asking', async () => {
    const runner = await setup();

    // Turn 1: the tool asks; the request carries the authorization URI and no secret.
    const first = await turn(runner, say('My orders?'));
    const [request] = credentialCalls(first);
    expect(request).toBeDefined();
    const sent = AuthToolArguments.parse(request!.args).authConfig;
    expect(sent.authScheme).toMatchObject({ type: 'oauth2' });
    const authUri = new URL(sent.exchangedAuthCredential!.oauth2!.authUri!);
    expect(authUri.origin + authUri.pathname).toBe(server.authorizationEndpoint);
    expect(authUri.searchParams.get('client_id')).toBe(OAUTH2_CLIENT_ID);
    expect(JSON.stringify(request!.args)).not.toContain(OAUTH2_CLIENT_SECRET);
    expect(orderResults(first)).toEqual([
      { pending: true, message: 'Needs your authorization to access your data.' },
    ]);
    expect(ordersTokens()).toEqual([]);

    // Turn 2: the code is exchanged; the API receives the access token.
    const second = await turn(runner, await answerAfterSignIn(request!));
    expect(orderResults(second)).toEqual([{ result: [{ id: 7, petId: 1, status: 'shipped' }] }]);
    expect(server.grantsIssued).toMatchObject({ authorization_code: 1 });
    const [firstToken] = ordersTokens();
    expect(server.accessTokenIsValid(firstToken)).toBe(true);
    const session = JSON.stringify(
      await runner.sessionService.getSession({ appName: 'app', userId: 'u', sessionId: 's' }),
    );
    expect(session).not.toContain(OAUTH2_CLIENT_SECRET);
    expect(session).not.toContain(firstToken);

    // Turn 3: the token has expired; it is refreshed and nobody is asked.
    server.expireAllAccessTokens();
    const third = await turn(runner, say('And now?'));
    expect(credentialCalls(third)).toEqual([]);
    expect(orderResults(third)).toEqual([{ result: [{ id: 7, petId: 1, status: 'shipped' }] }]);
    expect(server.grantsIssued['refresh_token']).toBe(1);
    const tokens = ordersTokens();
    expect(tokens).toHaveLength(2);
    expect(tokens[1]).not.toBe(firstToken);
    expect(server.accessTokenIsValid(tokens[1])).toBe(true);
  });
});
