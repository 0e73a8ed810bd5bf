import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { eventFromCamelCaseJson, eventFromSnakeCaseJson } from './event-json.js';

const UNTRUSTED = ['__proto__', 'constructor', 'prototype'];
const keyed = (value: string): string =>
  `{${UNTRUSTED.map((key) => `"${key}": ${value}`).join(', ')}}`;

function expectOwnKeys(value: unknown, keys: readonly string[]): void {
  expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  expect(Object.keys(value as object)).toEqual(keys);
}

describe('event JSON keeps __proto__, constructor and prototype as data (issue 16 §5)', () => {
  const eventJson = `{
    "author": "agent",
    "timestamp": 1,
    "custom_metadata": ${keyed('{"__proto__": {"polluted": 1}}')},
    "content": {"role": "model", "parts": [{"function_call": {"name": "f", "args": ${keyed('1')}}}]},
    "actions": {
      "state_delta": ${keyed('{"polluted": "yes"}')},
      "artifact_delta": ${keyed('1')},
      "agent_state": ${keyed('2')},
      "requested_auth_configs": ${keyed('{"auth_scheme": {"type": "http"}}')},
      "requested_tool_confirmations": ${keyed('{"hint": "h"}')}
    }
  }`;

  it.each([
    ['snake_case', eventFromSnakeCaseJson],
    ['camelCase', eventFromCamelCaseJson],
  ])('%s parsing keeps them as own keys in every user-data field', (_name, parse) => {
    const event = parse(JSON.parse(eventJson));
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    for (const field of [
      event.customMetadata,
      event.actions.stateDelta,
      event.actions.artifactDelta,
      event.actions.agentState,
      event.actions.requestedAuthConfigs,
      event.actions.requestedToolConfirmations,
      event.content?.parts?.[0]?.functionCall?.args,
    ]) {
      expectOwnKeys(field, UNTRUSTED);
    }
    const metadata = Object.getOwnPropertyDescriptor(event.customMetadata, '__proto__')?.value;
    expectOwnKeys(metadata, ['__proto__']);
    expect(event.actions.artifactDelta).toEqual(JSON.parse(keyed('1')));
    expect(
      Object.getOwnPropertyDescriptor(event.actions.requestedToolConfirmations, '__proto__')?.value,
    ).toMatchObject({ hint: 'h', confirmed: false });
  });

  it('still validates the value under __proto__ and names the key in the error', () => {
    const bad = JSON.parse(
      '{"author": "a", "timestamp": 1, "actions": {"artifact_delta": {"__proto__": "x"}}}',
    );
    let error: unknown;
    try {
      eventFromSnakeCaseJson(bad);
    } catch (thrown) {
      error = thrown;
    }
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('actions.artifact_delta.__proto__: Invalid input');
  });

  it('an inherited member is never read as a field', () => {
    const event = eventFromCamelCaseJson(JSON.parse('{"author": "a", "timestamp": 1}'));
    expect(Object.hasOwn(event.actions.stateDelta, 'constructor')).toBe(false);
    expect(event.actions.stateDelta).toEqual({});
  });
});
