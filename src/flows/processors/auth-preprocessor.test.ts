import { describe, expect, it } from 'vitest';
import { InvalidAuthResponseError } from '../../errors/invalid-auth-response-error.js';
import { userText } from '../../testing/test-agents.js';
import type { LlmResponse } from '../../events/llm-response.js';
import { App } from '../../runner/app.js';
import { InMemoryRunner } from '../../runner/in-memory-runner.js';
import {
  API_KEY_CONFIG,
  credentialAnswer,
  credentialRequest,
  turn,
  weatherAgent,
  weatherRunner,
} from './auth-test-fixtures.js';

// Python: AuthToolArguments(...).model_dump(exclude_none=True, by_alias=True); the key's
// digests are sha256 of json.dumps(model_dump, sort_keys=True, separators=(',', ':'))[:16],
// computed with Python's hashlib and json.
const PYTHON_KEY = 'adk_apiKey_12037b6b68d3604d_apiKey_0e0c64790d90ab22';

describe('the credential round trip (spec 000 Appendix A #2; Python auth_preprocessor)', () => {
  it('a tool asks for an API key, the client answers, the tool runs again and succeeds', async () => {
    const { runner, keys, model } = await weatherRunner();
    const first = await turn(runner, userText('weather in Paris?'));
    const toolCall = first[0]!.content!.parts![0]!.functionCall!;
    const request = credentialRequest(first);
    expect(request.args).toEqual({
      functionCallId: toolCall.id,
      authConfig: {
        authScheme: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        rawAuthCredential: { authType: 'apiKey' },
        credentialKey: PYTHON_KEY,
      },
    });
    expect(first[1]!.longRunningToolIds).toEqual([request.id]);
    expect(first.at(-1)!.content!.parts![0]!.text).toBe('I need your API key.');
    expect(model.requests).toHaveLength(2);

    const answer = {
      ...(request.args!['authConfig'] as object),
      exchangedAuthCredential: { authType: 'apiKey', apiKey: 'k-123' },
    };
    const second = await turn(runner, credentialAnswer(request, answer));
    expect(keys).toEqual(['k-123']);
    expect(second[0]!.content!.parts![0]!.functionResponse).toMatchObject({
      id: toolCall.id,
      name: 'get_weather',
      response: { city: 'Paris', weather: 'sunny' },
    });
    expect(second.at(-1)!.content!.parts![0]!.text).toBe('Sunny.');
    // The credential lived in temp: state for the invocation only.
    const session = await runner.sessionService.getSession({
      appName: 'app',
      userId: 'u',
      sessionId: 's',
    });
    expect(Object.keys(session!.state).filter((key) => key.startsWith('temp:'))).toEqual([]);
  });

  it('one answer resumes every call waiting for the same credential', async () => {
    const twoCities: LlmResponse = {
      content: {
        role: 'model',
        parts: [
          { functionCall: { id: 'c-paris', name: 'get_weather', args: { city: 'Paris' } } },
          { functionCall: { id: 'c-rome', name: 'get_weather', args: { city: 'Rome' } } },
        ],
      },
    };
    const { agent, keys } = weatherAgent(API_KEY_CONFIG, twoCities);
    const runner = new InMemoryRunner({ app: new App({ name: 'app', rootAgent: agent }) });
    await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
    const first = await turn(runner, userText('Paris and Rome?'));
    const requests = first[1]!.content!.parts!.map((part) => part.functionCall!);
    expect(requests.map((call) => call.args!['functionCallId'])).toEqual(['c-paris', 'c-rome']);
    const second = await turn(
      runner,
      credentialAnswer(requests[0]!, { authType: 'apiKey', apiKey: 'shared' }),
    );
    expect(keys).toEqual(['shared', 'shared']);
    expect(second[0]!.content!.parts!.map((part) => part.functionResponse?.id)).toEqual([
      'c-paris',
      'c-rome',
    ]);
  });

  it('in a resumable app the request pauses the invocation and the answer resumes the tool', async () => {
    const { agent, keys, model } = weatherAgent();
    const runner = new InMemoryRunner({
      app: new App({ name: 'app', rootAgent: agent, resumabilityConfig: { isResumable: true } }),
    });
    await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
    const first = await turn(runner, userText('weather?'));
    const request = credentialRequest(first);
    expect(model.requests).toHaveLength(1);
    const second = await turn(
      runner,
      credentialAnswer(request, { authType: 'apiKey', apiKey: 'r' }),
    );
    expect(keys).toEqual(['r']);
    expect(second.map((event) => event.invocationId)).toContain(first[0]!.invocationId);
    expect(second.at(-2)!.content?.parts?.[0]?.text).toBe('I need your API key.');
    expect(second.at(-1)!.actions.endOfAgent).toBe(true);
  });

  it('accepts a bare AuthCredential in snake_case, as a Python client may send it', async () => {
    const { runner, keys } = await weatherRunner();
    const request = credentialRequest(await turn(runner, userText('weather?')));
    await turn(runner, credentialAnswer(request, { auth_type: 'apiKey', api_key: 'snake' }));
    expect(keys).toEqual(['snake']);
  });

  it('an answer holding no credential is a typed error naming the call', async () => {
    const { runner, keys } = await weatherRunner();
    const request = credentialRequest(await turn(runner, userText('weather?')));
    const error = await turn(runner, credentialAnswer(request, { apiKey: 'no type' })).catch(
      (caught: unknown) => caught,
    );
    expect(InvalidAuthResponseError.isInstance(error)).toBe(true);
    expect((error as InvalidAuthResponseError).functionCallId).toBe(request.id);
    expect((error as Error).message).toContain('holds no credential');
    expect(keys).toEqual([]);
  });

  it('an auth config answered without exchangedAuthCredential is a typed error', async () => {
    const { runner } = await weatherRunner();
    const request = credentialRequest(await turn(runner, userText('weather?')));
    const error = await turn(runner, credentialAnswer(request, request.args!['authConfig'])).catch(
      (caught: unknown) => caught,
    );
    expect(InvalidAuthResponseError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('without an exchangedAuthCredential');
  });

  it('an answer to a call the session never made is a typed error', async () => {
    const { runner, keys } = await weatherRunner();
    await turn(runner, userText('weather?'));
    const error = await turn(
      runner,
      credentialAnswer(
        { id: 'adk-made-up', name: 'adk_request_credential' },
        { authType: 'apiKey', apiKey: 'k' },
      ),
    ).catch((caught: unknown) => caught);
    expect(InvalidAuthResponseError.isInstance(error)).toBe(true);
    expect((error as InvalidAuthResponseError).functionCallId).toBe('adk-made-up');
    expect(keys).toEqual([]);
  });
});
