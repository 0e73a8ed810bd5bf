import { describe, expect, it } from 'vitest';
import type { AuthConfigInput } from '../auth/auth-config.js';
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
      runs.push(credential?.apiKey ?? credential?.oauth2?.authResponseUri);
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

  it('never sends the configured secrets and checks the OAuth2 state the answer brings back', async () => {
    const oauth: AuthConfigInput = {
      authScheme: {
        type: 'oauth2',
        flows: {
          authorizationCode: {
            authorizationUrl: 'https://idp.test/a',
            tokenUrl: 'https://idp.test/t',
            scopes: {},
          },
        },
      },
      rawAuthCredential: {
        authType: 'oauth2',
        oauth2: {
          clientId: 'cid',
          clientSecret: 'csecret',
          authUri: 'https://idp.test/a?client_id=cid&state=s-1',
          state: 's-1',
        },
      },
    };
    const { runner, runs } = await keyedWorkflow(oauth);
    const first = await send(runner, { role: 'user', parts: [{ text: 'go' }] });
    const call = credentialCall(first)!;
    expect(JSON.stringify(call)).not.toContain('csecret');
    const args = call.args as { authConfig: { exchangedAuthCredential: Record<string, unknown> } };

    const forged = {
      ...args.authConfig,
      exchangedAuthCredential: {
        authType: 'oauth2',
        oauth2: { authResponseUri: 'https://app.test/cb?code=c&state=other', state: 'other' },
      },
    };
    await expect(send(runner, answer(call.id!, forged))).rejects.toSatisfy((error) =>
      InvalidAuthResponseError.isInstance(error),
    );
    expect(runs).toEqual([]);

    const { runner: other, runs: otherRuns } = await keyedWorkflow(oauth);
    const asked = credentialCall(await send(other, { role: 'user', parts: [{ text: 'go' }] }))!;
    const redirected = 'https://app.test/cb?code=c&state=s-1';
    await send(
      other,
      answer(asked.id!, {
        ...(asked.args as { authConfig: Record<string, unknown> }).authConfig,
        exchangedAuthCredential: {
          authType: 'oauth2',
          oauth2: { authResponseUri: redirected, state: 's-1' },
        },
      }),
    );
    expect(otherRuns).toEqual([redirected]);
  });

  it('refuses authConfig without rerunOnResume, as Python does', () => {
    expect(() => new FunctionNode('fetch', () => 1, { authConfig: API_KEY })).toThrow(
      WorkflowConfigurationError,
    );
  });
});
