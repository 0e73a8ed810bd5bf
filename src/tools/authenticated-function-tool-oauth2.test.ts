import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  OAUTH2_CLIENT_ID,
  OAUTH2_CLIENT_SECRET,
  signIn,
  startOAuth2Server,
  type OAuth2Server,
} from '../../test/oauth/oauth2-server.js';
import { startPetStore, type PetStore } from '../../test/openapi/pet-store.js';
import { LlmAgent } from '../agents/llm-agent.js';
import { AuthToolArguments, type AuthConfigInput } from '../auth/auth-config.js';
import { InMemoryCredentialService } from '../context/in-memory-credential-service.js';
import { InvalidAuthResponseError } from '../errors/invalid-auth-response-error.js';
import type { Event } from '../events/event.js';
import { credentialAnswer } from '../flows/processors/auth-test-fixtures.js';
import { App } from '../runner/app.js';
import { Runner } from '../runner/runner.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import type { Content, FunctionCall } from '../types/index.js';
import { AuthenticatedFunctionTool } from './authenticated-function-tool.js';

/*
 * An AuthenticatedFunctionTool with an OAuth2 scheme calls the pet store's
 * OAuth2-protected GET /orders, through the Runner, against a local
 * authorization server: the test plays the user's browser.
 */

const REDIRECT_URI = 'http://127.0.0.1:9/oauth/callback';
let server: OAuth2Server;
let store: PetStore;
// A fresh server per test: its grant counts are the test's own.
beforeEach(async () => {
  // Tokens live 30 s, inside the minute of leeway: a stored token is due for a refresh at once.
  server = await startOAuth2Server({ accessTokenTtlSeconds: 30 });
  store = await startPetStore({ oauth2TokenIsValid: (token) => server.accessTokenIsValid(token) });
});
afterEach(async () => {
  await store.close();
  await server.close();
});

function authConfig(): AuthConfigInput {
  return {
    authScheme: {
      type: 'oauth2',
      flows: {
        authorizationCode: {
          authorizationUrl: server.authorizationEndpoint,
          tokenUrl: server.tokenEndpoint,
          scopes: { read: 'Read orders' },
        },
      },
    },
    rawAuthCredential: {
      authType: 'oauth2',
      oauth2: { clientId: OAUTH2_CLIENT_ID, clientSecret: OAUTH2_CLIENT_SECRET },
    },
  };
}

async function setup(config: AuthConfigInput = authConfig()) {
  const tokensUsed: (string | undefined)[] = [];
  const tool = new AuthenticatedFunctionTool({
    name: 'list_orders',
    description: 'Lists the orders of the signed-in user.',
    parameters: z.object({}),
    authConfig: config,
    execute: async (_args, _context, credential) => {
      const token = credential?.oauth2?.accessToken;
      tokensUsed.push(token);
      const response = await fetch(`${store.baseUrl}/orders`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
  });
  const call = () => functionCallResponse('list_orders', {});
  const model = new ScriptedLlm({
    responses: [
      call(),
      textResponse('Please sign in.'),
      textResponse('You have one order.'),
      call(),
      textResponse('Still one order.'),
      call(),
      textResponse('Please sign in again.'),
    ],
  });
  const runner = new Runner({
    app: new App({ name: 'app', rootAgent: new LlmAgent({ name: 'shop', model, tools: [tool] }) }),
    sessionService: new InMemorySessionService(),
    credentialService: new InMemoryCredentialService(),
  });
  await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
  return { runner, tokensUsed };
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

/** The user signs in at the request's authorization URI and answers with where they came back. */
async function answerAfterSignIn(
  call: FunctionCall,
  tamper?: (uri: URL) => void,
): Promise<Content> {
  const { authConfig: requested } = AuthToolArguments.parse(call.args);
  const back = new URL(
    await signIn(requested.exchangedAuthCredential!.oauth2!.authUri!, REDIRECT_URI),
  );
  tamper?.(back);
  return credentialAnswer(call, {
    ...requested,
    exchangedAuthCredential: {
      ...requested.exchangedAuthCredential,
      oauth2: {
        ...requested.exchangedAuthCredential!.oauth2,
        authResponseUri: back.href,
        redirectUri: REDIRECT_URI,
      },
    },
  });
}

describe('AuthenticatedFunctionTool with OAuth2 through the Runner', () => {
  it('asks once, exchanges the code, refreshes an expired token without asking, and asks again when the refresh is refused', async () => {
    const { runner, tokensUsed } = await setup();

    // Turn 1: no credential; the client is sent the authorization URI, and nothing secret.
    const first = await turn(runner, say('My orders?'));
    const [request] = credentialCalls(first);
    expect(request).toBeDefined();
    const args = AuthToolArguments.parse(request!.args);
    const sent = args.authConfig.exchangedAuthCredential!.oauth2!;
    expect(new URL(sent.authUri!).searchParams.get('state')).toBe(sent.state);
    expect(JSON.stringify(request!.args)).not.toContain(OAUTH2_CLIENT_SECRET);
    expect(sent.accessToken).toBeUndefined();
    expect(tokensUsed).toEqual([]);

    // Turn 2: the answer is exchanged for tokens and the tool runs with the access token.
    const second = await turn(runner, await answerAfterSignIn(request!));
    expect(orderResults(second)).toContainEqual({
      status: 200,
      body: [{ id: 7, petId: 1, status: 'shipped' }],
    });
    expect(server.grantsIssued).toMatchObject({ authorization_code: 1 });
    expect(server.accessTokenIsValid(tokensUsed[0])).toBe(true);
    const sessionJson = JSON.stringify(
      await runner.sessionService.getSession({ appName: 'app', userId: 'u', sessionId: 's' }),
    );
    expect(sessionJson).not.toContain(OAUTH2_CLIENT_SECRET);
    expect(sessionJson).not.toContain(tokensUsed[0]);

    // Turn 3: the stored token has expired; it is refreshed, nobody is asked.
    server.expireAllAccessTokens();
    const third = await turn(runner, say('And now?'));
    expect(credentialCalls(third)).toEqual([]);
    expect(orderResults(third)).toContainEqual(expect.objectContaining({ status: 200 }));
    expect(server.grantsIssued['refresh_token']).toBe(1);
    expect(tokensUsed[1]).not.toBe(tokensUsed[0]);

    // Turn 4: the refresh token is refused (invalid_grant): the user is asked to sign in again.
    server.expireAllAccessTokens();
    server.revokeAllRefreshTokens();
    const fourth = await turn(runner, say('Once more?'));
    expect(credentialCalls(fourth)).toHaveLength(1);
    expect(JSON.stringify(orderResults(fourth))).toContain('Pending User Authorization.');
  });

  it('gets a client credentials token without asking anyone', async () => {
    const { runner, tokensUsed } = await setup({
      authScheme: {
        type: 'oauth2',
        flows: { clientCredentials: { tokenUrl: server.tokenEndpoint, scopes: { read: 'Read' } } },
      },
      rawAuthCredential: {
        authType: 'oauth2',
        oauth2: { clientId: OAUTH2_CLIENT_ID, clientSecret: OAUTH2_CLIENT_SECRET },
      },
    });
    const events = await turn(runner, say('My orders?'));
    expect(credentialCalls(events)).toEqual([]);
    expect(orderResults(events)).toContainEqual(expect.objectContaining({ status: 200 }));
    expect(server.accessTokenIsValid(tokensUsed[0])).toBe(true);
    expect(server.grantsIssued).toEqual({ client_credentials: 1 });
  });

  it('finds the endpoints of an OpenID Connect scheme by discovery', async () => {
    const { runner, tokensUsed } = await setup({
      authScheme: {
        type: 'openIdConnect',
        openIdConnectUrl: server.discoveryUrl,
        scopes: ['openid'],
      },
      rawAuthCredential: {
        authType: 'openIdConnect',
        oauth2: { clientId: OAUTH2_CLIENT_ID, clientSecret: OAUTH2_CLIENT_SECRET },
      },
    });
    const [request] = credentialCalls(await turn(runner, say('My orders?')));
    const args = AuthToolArguments.parse(request!.args);
    expect(args.authConfig.exchangedAuthCredential!.oauth2!.authUri).toMatch(
      new RegExp(`^${server.authorizationEndpoint}\\?`),
    );
    const second = await turn(runner, await answerAfterSignIn(request!));
    expect(orderResults(second)).toContainEqual(expect.objectContaining({ status: 200 }));
    expect(server.accessTokenIsValid(tokensUsed[0])).toBe(true);
  });

  it('refuses an answer whose state is not the one the authorization URI carried', async () => {
    const { runner, tokensUsed } = await setup();
    const [request] = credentialCalls(await turn(runner, say('My orders?')));
    const forged = await answerAfterSignIn(request!, (uri) => uri.searchParams.set('state', 'x'));
    await expect(turn(runner, forged)).rejects.toSatisfy((error) =>
      InvalidAuthResponseError.isInstance(error),
    );
    expect(tokensUsed).toEqual([]);
  });
});
