import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OAUTH2_CLIENT_ID,
  OAUTH2_CLIENT_SECRET,
  startOAuth2Server,
  type OAuth2Server,
} from '../../test/oauth/oauth2-server.js';
import {
  AUTH_APP_NAME,
  TOOL_RAN_PREFIX,
  WAITING_TEXT,
  createAuthApp,
  type AuthApp,
} from '../../test/web/auth-app.js';
import { PROFILE, startProfileServer, type ProfileServer } from '../../test/web/profile-server.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { serveApiServer, type ApiServerHandle } from './serve-api-server.js';
import { StaticAgentLoader } from './static-agent-loader.js';

// The OAuth2 round trip as the dev UI (or any HTTP client) plays it, without
// a browser: POST /run gets the adk_request_credential call with the
// authorization URI, the client follows it to the authorization server,
// which redirects to the dev UI's callback address, and the client answers
// through POST /run_sse with the auth config carrying that address; the
// server exchanges the code and the tool calls the protected API.

let oauth: OAuth2Server;
let profiles: ProfileServer;
let authApp: AuthApp;
let server: ApiServerHandle;
let assets: string;

beforeAll(async () => {
  oauth = await startOAuth2Server();
  profiles = await startProfileServer((token) => oauth.accessTokenIsValid(token));
  authApp = createAuthApp({
    authorizationEndpoint: oauth.authorizationEndpoint,
    tokenEndpoint: oauth.tokenEndpoint,
    clientId: OAUTH2_CLIENT_ID,
    clientSecret: OAUTH2_CLIENT_SECRET,
    profileUrl: profiles.profileUrl,
  });
  // An empty build: the callback page does not need the UI.
  assets = await mkdtemp(path.join(tmpdir(), 'api-server-oauth2-'));
  server = await serveApiServer({
    port: 0,
    agentLoader: new StaticAgentLoader({ apps: { [AUTH_APP_NAME]: authApp.rootAgent } }),
    sessionService: new InMemorySessionService(),
    devUi: { assetsDirectory: assets },
  });
});

afterAll(async () => {
  await server?.close();
  await profiles?.close();
  await oauth?.close();
  await rm(assets, { recursive: true, force: true });
});

interface WirePart {
  text?: string;
  functionCall?: { id: string; name: string; args: Record<string, unknown> };
  functionResponse?: { id: string; name: string; response: Record<string, unknown> };
}
interface WireEvent {
  id: string;
  author: string;
  content?: { parts?: WirePart[] };
  longRunningToolIds?: string[];
}

async function post(route: string, body: unknown): Promise<Response> {
  const response = await fetch(`${server.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return response;
}

function parts(events: readonly WireEvent[]): WirePart[] {
  return events.flatMap((event) => event.content?.parts ?? []);
}

function sseEvents(text: string): WireEvent[] {
  return text
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: '))
    .map((frame) => JSON.parse(frame.slice('data: '.length)) as WireEvent);
}

describe('OAuth2 sign-in over the HTTP API', () => {
  it('asks with an authorization URI, takes the redirected address back, and the tool runs with the token', async () => {
    const session = (await (
      await post(`/apps/${AUTH_APP_NAME}/users/ada/sessions`, {})
    ).json()) as { id: string };
    const base = { appName: AUTH_APP_NAME, userId: 'ada', sessionId: session.id };

    const first = (await (
      await post('/run', {
        ...base,
        newMessage: { role: 'user', parts: [{ text: 'Show my profile' }] },
      })
    ).json()) as WireEvent[];
    const requestEvent = first.find((event) =>
      event.content?.parts?.some((part) => part.functionCall?.name === 'adk_request_credential'),
    )!;
    const call = parts([requestEvent]).find((part) => part.functionCall)!.functionCall!;
    expect(requestEvent.longRunningToolIds).toEqual([call.id]);
    expect(parts(first).at(-1)?.text).toBe(WAITING_TEXT);
    const authConfig = call.args['authConfig'] as {
      exchangedAuthCredential: { oauth2: { authUri: string; state: string } };
    };
    const { authUri, state } = authConfig.exchangedAuthCredential.oauth2;
    expect(new URL(authUri).origin).toBe(oauth.issuer);
    // The client secret stays on the server.
    expect(JSON.stringify(first)).not.toContain(OAUTH2_CLIENT_SECRET);

    // The client plays the browser, as the dev UI's pop-up does.
    const redirectUri = `${server.url}/dev-ui/`;
    const authorize = new URL(authUri);
    authorize.searchParams.set('redirect_uri', redirectUri);
    const approved = await fetch(authorize, { redirect: 'manual' });
    expect(approved.status).toBe(302);
    const authResponseUri = approved.headers.get('location')!;
    expect(authResponseUri.startsWith(redirectUri)).toBe(true);
    expect(new URL(authResponseUri).searchParams.get('state')).toBe(state);
    const callbackPage = await fetch(authResponseUri);
    expect(callbackPage.status).toBe(200);
    expect(await callbackPage.text()).toContain('authResponseUrl');

    // adk-web's answer: the auth config with authResponseUri and redirectUri filled in.
    const answer = structuredClone(authConfig) as typeof authConfig & {
      exchangedAuthCredential: { oauth2: Record<string, unknown> };
    };
    answer.exchangedAuthCredential.oauth2['authResponseUri'] = authResponseUri;
    answer.exchangedAuthCredential.oauth2['redirectUri'] = redirectUri;
    const second = sseEvents(
      await (
        await post('/run_sse', {
          ...base,
          streaming: false,
          functionCallEventId: requestEvent.id,
          newMessage: {
            role: 'user',
            parts: [
              {
                functionResponse: {
                  id: call.id,
                  name: 'adk_request_credential',
                  response: answer,
                },
              },
            ],
          },
        })
      ).text(),
    );

    const toolAnswer = parts(second).find(
      (part) => part.functionResponse?.name === 'get_profile',
    )?.functionResponse;
    expect(toolAnswer?.response).toEqual({ status: 200, profile: PROFILE });
    expect(parts(second).at(-1)?.text).toBe(
      `${TOOL_RAN_PREFIX}${JSON.stringify({ status: 200, profile: PROFILE })}`,
    );
    expect(authApp.accessTokens).toHaveLength(1);
    expect(oauth.accessTokenIsValid(authApp.accessTokens[0])).toBe(true);
    expect(profiles.tokensSeen).toEqual(authApp.accessTokens);
    expect(oauth.grantsIssued).toMatchObject({ authorization_code: 1 });
    // No token goes back to the client in the events.
    expect(JSON.stringify(second)).not.toContain(authApp.accessTokens[0]);
  });
});
