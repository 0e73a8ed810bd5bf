import type { AuthCredential } from '../auth/auth-credential.js';
import type { Session } from '../sessions/session.js';
import type { Content } from '../types/index.js';
import type { InvocationContext } from './invocation-context.js';
import type { RunConfig } from './run-config.js';

/** Read access to state, shared by `State` and the read-only view. */
export interface ReadonlyState {
  get<T = unknown>(key: string): T | undefined;
  get<T>(key: string, defaultValue: T): T;
  has(key: string): boolean;
  /** A plain copy of the state. */
  toRecord(): Record<string, unknown>;
}

class SessionStateView implements ReadonlyState {
  constructor(private readonly value: Readonly<Record<string, unknown>>) {}

  get<T>(key: string, defaultValue?: T): T | undefined {
    return Object.hasOwn(this.value, key) ? (this.value[key] as T) : defaultValue;
  }

  has(key: string): boolean {
    return Object.hasOwn(this.value, key);
  }

  toRecord(): Record<string, unknown> {
    return { ...this.value };
  }
}

/**
 * A read-only view of the running invocation (Python `ReadonlyContext`),
 * given to instruction providers and other read-only hooks.
 */
export class ReadonlyContext {
  /** The invocation this view belongs to; framework code only. */
  protected readonly invocationContext: InvocationContext;

  constructor(invocationContext: InvocationContext) {
    this.invocationContext = invocationContext;
  }

  /** The invocation this view belongs to (for framework code and advanced tools). */
  get invocation(): InvocationContext {
    return this.invocationContext;
  }

  /**
   * The credential resolved for `credentialKey` in this invocation (Python
   * `get_credential`), e.g. by toolset auth before the tools were listed;
   * undefined when there is none.
   */
  getCredential(credentialKey: string): AuthCredential | undefined {
    return this.invocationContext.credentialByKey.get(credentialKey);
  }

  /** The user message that started the invocation. */
  get userContent(): Content | undefined {
    return this.invocationContext.userContent;
  }

  get invocationId(): string {
    return this.invocationContext.invocationId;
  }

  /** The name of the agent now running. */
  get agentName(): string {
    return this.invocationContext.agent.name;
  }

  get appName(): string {
    return this.invocationContext.appName;
  }

  get userId(): string {
    return this.invocationContext.userId;
  }

  get sessionId(): string {
    return this.invocationContext.session.id;
  }

  get branch(): string | undefined {
    return this.invocationContext.branch;
  }

  /** The session, including events committed so far. */
  get session(): Readonly<Session> {
    return this.invocationContext.session;
  }

  get runConfig(): Readonly<RunConfig> {
    return this.invocationContext.runConfig;
  }

  /** The session state, read-only (including uncommitted writes of this invocation). */
  get state(): ReadonlyState {
    return new SessionStateView(this.invocationContext.session.state);
  }
}
