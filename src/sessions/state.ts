import { getOwn, setOwn } from '../utils/get-own.js';
import { validateStateEntry, type StateSchema } from './state-schema.js';

/**
 * Session state seen through a pending delta (Python `State`): reads see the
 * delta first, then the committed value (dirty reads); writes go to both, so
 * later code in the same invocation sees them at once and the delta carries
 * them to the Runner in the next event's `actions.stateDelta`.
 *
 * Key prefixes choose the scope: `app:` (every user of the app), `user:`
 * (every session of the user), `temp:` (this invocation only, never stored),
 * none (this session).
 *
 * With a `schema` (a workflow node's `stateSchema`), every write is checked
 * first and a bad one throws `StateSchemaError` without changing anything.
 */
export class State {
  /** Prefix of app-wide keys. */
  static readonly APP_PREFIX = 'app:';
  /** Prefix of user-wide keys. */
  static readonly USER_PREFIX = 'user:';
  /** Prefix of keys that live for one invocation and are never persisted. */
  static readonly TEMP_PREFIX = 'temp:';

  private readonly value: Record<string, unknown>;
  private readonly delta: Record<string, unknown>;
  private readonly schema: StateSchema | undefined;

  /**
   * @param value the committed state; written through, so it should be the live session's state
   * @param delta the pending delta; written through, usually an `EventActions.stateDelta`
   * @param schema checks every write (Python `State(schema=…)`); none when omitted
   */
  constructor(
    value: Record<string, unknown>,
    delta: Record<string, unknown>,
    schema?: StateSchema,
  ) {
    this.value = value;
    this.delta = delta;
    this.schema = schema;
  }

  /** The value of `key`, from the delta when it holds one, else from the committed state. */
  get<T = unknown>(key: string): T | undefined;
  get<T>(key: string, defaultValue: T): T;
  get<T>(key: string, defaultValue?: T): T | undefined {
    if (Object.hasOwn(this.delta, key)) return this.delta[key] as T;
    if (Object.hasOwn(this.value, key)) return this.value[key] as T;
    return defaultValue;
  }

  /** Sets `key` in the state and records it in the delta. */
  set(key: string, value: unknown): void {
    if (this.schema) validateStateEntry(this.schema, key, value);
    setOwn(this.value, key, value);
    setOwn(this.delta, key, value);
  }

  /** True when `key` is in the committed state or the delta. */
  has(key: string): boolean {
    return Object.hasOwn(this.value, key) || Object.hasOwn(this.delta, key);
  }

  /** True when there are pending changes. */
  hasDelta(): boolean {
    return Object.keys(this.delta).length > 0;
  }

  /** Sets every key of `delta`, as `set` would; with a schema, all are checked before any is set. */
  update(delta: Readonly<Record<string, unknown>>): void {
    const entries = Object.entries(delta);
    if (this.schema)
      for (const [key, value] of entries) validateStateEntry(this.schema, key, value);
    for (const [key, value] of entries) {
      setOwn(this.value, key, value);
      setOwn(this.delta, key, value);
    }
  }

  /** A plain copy of the state with the delta applied. */
  toRecord(): Record<string, unknown> {
    const record: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(this.value)) setOwn(record, key, value);
    for (const [key, value] of Object.entries(this.delta)) setOwn(record, key, value);
    return record;
  }

  /** The raw value of `key` in the delta only (own property). */
  getDelta(key: string): unknown {
    return getOwn(this.delta, key);
  }
}
