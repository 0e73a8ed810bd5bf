import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { StateSchemaError } from '../errors/state-schema-error.js';
import { State } from './state.js';
import { asStateSchema } from './state-schema.js';

const Pipeline = z.object({
  counter: z.number().int(),
  name: z.string(),
  optionalField: z.string().nullable().optional(),
});
const Constrained = z.object({ counter: z.number().int().min(1).max(10), name: z.string().min(3) });

function rejects(write: () => void, key: string): void {
  let caught: unknown;
  try {
    write();
  } catch (error) {
    caught = error;
  }
  expect(StateSchemaError.isInstance(caught)).toBe(true);
  expect((caught as StateSchemaError).key).toBe(key);
  expect((caught as StateSchemaError).message).toContain(key);
}

describe('State with a schema (test_state_schema.py, sessions/state.py _validate_state_entry)', () => {
  it('rejects an undeclared key, naming the declared ones', () => {
    const state = new State({}, {}, Pipeline);
    rejects(() => state.set('bad_key', 'value'), 'bad_key');
    expect(() => state.set('bad_key', 1)).toThrow(
      /Declared fields: \["counter","name","optionalField"\]/,
    );
  });

  it('accepts declared keys and values that fit; rejects a value of the wrong type', () => {
    const state = new State({}, {}, Pipeline);
    state.set('counter', 5);
    state.set('name', 'hello');
    state.set('optionalField', null);
    expect(state.toRecord()).toEqual({ counter: 5, name: 'hello', optionalField: null });
    rejects(() => state.set('counter', 'not_an_int'), 'counter');
  });

  it('lets keys with a prefix through (app:, user:, temp:, <owner>:<key>)', () => {
    const state = new State({}, {}, Pipeline);
    state.set('app:anything', 'value');
    state.set('user:pref', 42);
    state.set('temp:cache', [1, 2, 3]);
    state.set('adk_oauth_state:wf@1/node@1', 'generated-state');
    expect(state.get('app:anything')).toBe('value');
  });

  it('checks field constraints; update checks every entry before setting any', () => {
    const value: Record<string, unknown> = { name: 'existing' };
    const delta: Record<string, unknown> = {};
    const state = new State(value, delta, Constrained);
    for (const bad of [0, 11]) rejects(() => state.set('counter', bad), 'counter');
    rejects(() => state.update({ 'temp:pending': true, counter: 0 }), 'counter');
    rejects(() => state.update({ counter: 1, unknown: 'x' }), 'unknown');
    expect(value).toEqual({ name: 'existing' });
    expect(delta).toEqual({});
    state.update({ counter: 10, name: 'abc' });
    expect(state.toRecord()).toEqual({ counter: 10, name: 'abc' });
  });

  it('without a schema any key and value is accepted', () => {
    const state = new State({}, {});
    state.set('anything', 'goes');
    state.set('whatever', 42);
    expect(state.toRecord()).toEqual({ anything: 'goes', whatever: 42 });
  });

  it('only a zod object is an enforceable state schema', () => {
    expect(asStateSchema(Pipeline)).toBe(Pipeline);
    expect(asStateSchema({ type: 'object' })).toBeUndefined();
    expect(asStateSchema(z.string())).toBeUndefined();
  });
});
