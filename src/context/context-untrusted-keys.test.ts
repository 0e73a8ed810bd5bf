import { describe, expect, it } from 'vitest';
import { InMemoryArtifactService } from '../artifacts/in-memory-artifact-service.js';
import { createTestInvocationContext } from '../testing/test-invocation-context.js';
import { Context } from './context.js';

const UNTRUSTED = ['__proto__', 'constructor', 'prototype'] as const;

function expectOnlyOwnKey(record: object, key: string): unknown {
  expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
  expect(Object.keys(record)).toEqual([key]);
  return Object.getOwnPropertyDescriptor(record, key)?.value;
}

describe('Context records ids and names as own keys (issue 16 §5)', () => {
  it.each(UNTRUSTED)('a call id %s: confirmation and credential requests', async (id) => {
    const context = new Context(await createTestInvocationContext(), { functionCallId: id });
    context.requestConfirmation({ hint: 'sure?' });
    context.requestCredential({ authScheme: { type: 'http', scheme: 'bearer' } });
    expect(expectOnlyOwnKey(context.actions.requestedToolConfirmations, id)).toEqual({
      confirmed: false,
      hint: 'sure?',
    });
    expect(expectOnlyOwnKey(context.actions.requestedAuthConfigs, id)).toMatchObject({
      authScheme: { type: 'http', scheme: 'bearer' },
    });
  });

  it.each(UNTRUSTED)('an artifact named %s', async (filename) => {
    const invocation = await createTestInvocationContext({
      artifactService: new InMemoryArtifactService(),
    });
    const context = new Context(invocation);
    await context.saveArtifact(filename, { text: 'x' });
    expect(expectOnlyOwnKey(context.actions.artifactDelta, filename)).toBe(0);
  });

  it.each(UNTRUSTED)('a state key %s is set, read and listed as data', async (key) => {
    const context = new Context(await createTestInvocationContext());
    expect(context.state.get(key)).toBeUndefined();
    expect(context.state.has(key)).toBe(false);
    context.state.set(key, { polluted: 'yes' });
    expect(context.state.get(key)).toEqual({ polluted: 'yes' });
    expect(expectOnlyOwnKey(context.actions.stateDelta, key)).toEqual({ polluted: 'yes' });
    expect(expectOnlyOwnKey(context.state.toRecord(), key)).toEqual({ polluted: 'yes' });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
