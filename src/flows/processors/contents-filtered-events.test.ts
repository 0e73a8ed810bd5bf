import { describe, expect, it } from 'vitest';
import { getContents } from './contents.js';
import {
  user,
  model,
  event,
  agentNamed,
  processContents,
  call,
  response,
} from './contents-test-fixtures.js';

describe('contents processor: framework and rewound events (spec 000 §4.1 steps 1–2; test_contents.py)', () => {
  it('filters authentication calls and responses (test_authentication_events_are_filtered)', async () => {
    const euc = {
      id: 'auth_123',
      name: 'adk_request_credential',
    };
    const events = [
      event('inv1', 'user', user('Please authenticate')),
      event(
        'inv2',
        'test_agent',
        model([{ functionCall: { ...euc, args: { credential_type: 'oauth' } } }]),
      ),
      event('inv3', 'user', {
        role: 'user',
        parts: [
          {
            functionResponse: {
              ...euc,
              response: { auth_config: { exchanged_auth_credential: { token: 'secret' } } },
            },
          },
        ],
      }),
      event('inv4', 'user', user('Continue after auth')),
    ];
    expect(await processContents(agentNamed('test_agent'), events)).toEqual([
      user('Please authenticate'),
      user('Continue after auth'),
    ]);
  });

  it('filters confirmation calls and responses (test_confirmation_events_are_filtered)', async () => {
    const name = 'adk_request_confirmation';
    const events = [
      event('inv1', 'user', user('Delete the file')),
      event(
        'inv2',
        'test_agent',
        model([{ functionCall: { id: 'confirm_123', name, args: { action: 'delete_file' } } }]),
      ),
      event('inv3', 'user', {
        role: 'user',
        parts: [
          {
            functionResponse: {
              id: 'confirm_123',
              name,
              response: { response: '{"confirmed": true}' },
            },
          },
        ],
      }),
      event('inv4', 'user', user('File deleted successfully')),
    ];
    expect(await processContents(agentNamed('test_agent'), events)).toEqual([
      user('Delete the file'),
      user('File deleted successfully'),
    ]);
  });

  it('filters adk_framework and adk_request_input events (spec 000 §4.1 step 2)', async () => {
    const events = [
      event('inv1', 'user', user('Start')),
      event('inv1', 'test_agent', model([call('f1', 'adk_framework', {})])),
      event('inv1', 'test_agent', model([call('i1', 'adk_request_input', { prompt: 'Name?' })])),
      event('inv2', 'user', { role: 'user', parts: [response('i1', 'adk_request_input')] }),
      event('inv2', 'user', user('Go on')),
    ];
    expect(await processContents(agentNamed('test_agent'), events)).toEqual([
      user('Start'),
      user('Go on'),
    ]);
  });

  it('drops events annulled by a rewind (test_rewind_events_are_filtered_out)', async () => {
    const events = [
      event('inv1', 'user', user('First message')),
      event('inv1', 'test_agent', model('First response')),
      event('inv2', 'user', user('Second message')),
      event('inv2', 'test_agent', model('Second response')),
      event('rewind_inv', 'test_agent', undefined, {
        actions: { rewindBeforeInvocationId: 'inv2' },
      }),
      event('inv3', 'user', user('Third message')),
    ];
    expect(await processContents(agentNamed('test_agent'), events)).toEqual([
      user('First message'),
      model('First response'),
      user('Third message'),
    ]);
  });

  it('drops only the rewind event itself when its invocation is not earlier in the history', () => {
    const events = [
      event('inv1', 'user', user('Kept')),
      event('inv9', 'test_agent', model('Rewind event with content'), {
        actions: { rewindBeforeInvocationId: 'unknown' },
      }),
      event('inv2', 'user', user('Also kept')),
    ];
    expect(getContents(undefined, events, 'test_agent')).toEqual([user('Kept'), user('Also kept')]);
  });

  it('applies rewinds from the newest back, so a later rewind can skip an earlier one', () => {
    const events = [
      event('inv1', 'user', user('One')),
      event('inv2', 'user', user('Two')),
      event('inv3', 'user', user('Three')),
      event('r1', 'test_agent', undefined, { actions: { rewindBeforeInvocationId: 'inv3' } }),
      event('inv4', 'user', user('Four')),
      event('r2', 'test_agent', undefined, { actions: { rewindBeforeInvocationId: 'inv2' } }),
      event('inv5', 'user', user('Five')),
    ];
    expect(getContents(undefined, events, 'test_agent')).toEqual([user('One'), user('Five')]);
  });
});
