import { describe, expect, it } from 'vitest';
import {
  OAUTH2_CLIENT_ID,
  OAUTH2_CLIENT_SECRET,
  signIn,
  startOAuth2Server,
} from '../../test/oauth/oauth2-server.js';
import type { AuthConfig, AuthConfigInput } from '../auth/auth-config.js';
import { InvalidAuthResponseError } from '../errors/invalid-auth-response-error.js';
import { WorkflowConfigurationError } from '../errors/workflow-configuration-error.js';
import type { Event } from '../events/event.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import type { Content, FunctionCall } from '../types/index.js';
import { FunctionNode } from './function-node.js';
import { START } from './start.js';
import { Workflow } from './workflow.js';
import { ids, outputsByPath } from './workflow-run-test-fixtures.js';

/*
 * Workflow nodes that declare an auth config (Python FunctionNode
 * auth_config, _workflow_hitl_utils create_auth_request_event /
 * process_auth_resume): the node asks for its credential, waits, and reruns
 * with it once the client answers.
 */

const REDIRECT_URI = 'http://127.0.0.1/callback';

const API_KEY: AuthConfigInput = {
  authScheme: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
  rawAuthCredential: { authType: 'apiKey' },
};

async function send(runner: InMemoryRunner, message: Content): Promise<Event[]> {
  const events: Event[] = [];
  for await (const event of runner.runAsync({
    userId: ids.userId,
    sessionId: ids.sessionId,
    newMessage: message,
  })) {
    events.push(event);
  }
  return events;
}

function credentialCall(events: readonly Event[]): FunctionCall | undefined {
  return events
    .flatMap((event) => event.content?.parts ?? [])
    .map((part) => part.functionCall)
    .find((call) => call?.name === 'adk_request_credential');
}

const answer = (id: string, response: Record<string, unknown>): Content => ({
  role: 'user',
  parts: [{ functionResponse: { id, name: 'adk_request_credential', response } }],
});

async function keyedWorkflow(config: AuthConfigInput = API_KEY, resumable = true) {
  const runs: (string | undefined)[] = [];
  const fetchData = new FunctionNode(
    'fetch',
    (ctx) => {
      const credential = ctx.getAuthResponse(config);
      runs.push(credential?.apiKey ?? credential?.oauth2?.accessToken);
      return { fetched: true };
    },
    { authConfig: config, rerunOnResume: true },
  );
  const runner = new InMemoryRunner({
    agent: new Workflow({ name: 'wf', edges: [[START, fetchData]] }),
    appName: ids.appName,
    ...(resumable ? { resumabilityConfig: { isResumable: true } } : {}),
  });
  await runner.sessionService.createSession(ids);
  return { runner, runs };
}

describe('FunctionNode with authConfig', () => {
  it('asks for the credential with interrupt id wf_auth:<node path>, then reruns with the answer', async () => {
    const { runner, runs } = await keyedWorkflow();

    const first = await send(runner, { role: 'user', parts: [{ text: 'go' }] });
    const call = credentialCall(first);
    expect(call).toEqual({
      name: 'adk_request_credential',
      id: 'wf_auth:wf@1/fetch@1',
      args: {
        functionCallId: 'wf_auth:wf@1/fetch@1',
        authConfig: expect.objectContaining({
          authScheme: API_KEY.authScheme,
          rawAuthCredential: { authType: 'apiKey' },
        }) as unknown,
        message: 'Please provide your API key for X-Api-Key.',
      },
    });
    expect(
      first.find((event) => event.content?.parts?.[0]?.functionCall)?.longRunningToolIds,
    ).toEqual([call!.id]);
    expect(runs).toEqual([]);

    const args = call!.args as { authConfig: Record<string, unknown> };
    const second = await send(
      runner,
      answer(call!.id!, {
        ...args.authConfig,
        exchangedAuthCredential: { authType: 'apiKey', apiKey: 'node-key' },
      }),
    );
    expect(runs).toEqual(['node-key']);
    expect(outputsByPath(second)).toEqual([['wf@1/fetch@1', { fetched: true }]]);
  });

  it('accepts the bare key as the answer when the node asked for an API key', async () => {
    const { runner, runs } = await keyedWorkflow();
    const call = credentialCall(await send(runner, { role: 'user', parts: [{ text: 'go' }] }));
    await send(runner, answer(call!.id!, { authType: 'apiKey', apiKey: 'bare-key' }));
    expect(runs).toEqual(['bare-key']);
  });

  it('OAuth2: never sends the client secret, refuses another state, exchanges the code for the node', async () => {
    const server = await startOAuth2Server();
    try {
      const oauth: AuthConfigInput = {
        authScheme: {
          type: 'oauth2',
          flows: {
            authorizationCode: {
              authorizationUrl: server.authorizationEndpoint,
              tokenUrl: server.tokenEndpoint,
              scopes: { read: 'Read' },
            },
          },
        },
        rawAuthCredential: {
          authType: 'oauth2',
          oauth2: {
            clientId: OAUTH2_CLIENT_ID,
            clientSecret: OAUTH2_CLIENT_SECRET,
            redirectUri: REDIRECT_URI,
          },
        },
      };
      const { runner, runs } = await keyedWorkflow(oauth);
      const call = credentialCall(await send(runner, { role: 'user', parts: [{ text: 'go' }] }))!;
      expect(JSON.stringify(call)).not.toContain(OAUTH2_CLIENT_SECRET);
      const request = (call.args as { authConfig: AuthConfig }).authConfig;
      const authUri = request.exchangedAuthCredential!.oauth2!.authUri!;
      const redirected = await signIn(authUri, REDIRECT_URI);

      const forged = new URL(redirected);
      forged.searchParams.set('state', 'another-state');
      const answerWith = (authResponseUri: string) =>
        answer(call.id!, {
          ...request,
          exchangedAuthCredential: {
            ...request.exchangedAuthCredential,
            oauth2: { ...request.exchangedAuthCredential!.oauth2, authResponseUri },
          },
        });
      await expect(send(runner, answerWith(forged.href))).rejects.toSatisfy((error) =>
        InvalidAuthResponseError.isInstance(error),
      );
      expect(runs).toEqual([]);

      await send(runner, answerWith(redirected));
      expect(runs).toHaveLength(1);
      expect(server.accessTokenIsValid(runs[0])).toBe(true);
      expect(server.grantsIssued).toEqual({ authorization_code: 1 });
    } finally {
      await server.close();
    }
  });

  it('refuses authConfig without rerunOnResume, as Python does', () => {
    expect(() => new FunctionNode('fetch', () => 1, { authConfig: API_KEY })).toThrow(
      WorkflowConfigurationError,
    );
  });
});
