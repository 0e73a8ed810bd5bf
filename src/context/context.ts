import type { ArtifactVersion } from '../artifacts/base-artifact-service.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { generateAuthUri } from '../auth/oauth2/authorization-uri.js';
import { ServiceNotConfiguredError } from '../errors/service-not-configured-error.js';
import { parseAuthConfig, type AuthConfigInput } from '../auth/auth-config.js';
import type { AuthCredential } from '../auth/auth-credential.js';
import type { AuthConfig } from '../auth/auth-config.js';
import { readAuthResponse } from '../auth/read-auth-response.js';
import { createEventActions, type EventActions } from '../events/event-actions.js';
import type { ToolConfirmation } from '../events/tool-confirmation.js';
import type { SearchMemoryResponse } from '../memory/base-memory-service.js';
import { State } from '../sessions/state.js';
import type { StateSchema } from '../sessions/state-schema.js';
import type { Part } from '../types/index.js';
import { setOwn } from '../utils/get-own.js';
import type { InvocationContext } from './invocation-context.js';
import { ReadonlyContext } from './readonly-context.js';

/** Fields of a new Context. */
export interface ContextOptions {
  /** The actions this context writes into; a new empty set when omitted. */
  eventActions?: EventActions;
  /** The function call this context serves, for tool contexts. */
  functionCallId?: string;
  /** The human's answer to a confirmation request, when resuming a confirmed call. */
  toolConfirmation?: ToolConfirmation;
  /** Checks every write to `state` (a workflow node's `stateSchema`); none when omitted. */
  stateSchema?: StateSchema;
}

/**
 * The context handed to callbacks and tools (Python 2.x `Context`; the 1.x
 * names `CallbackContext` and `ToolContext` are aliases). Writes to `state`
 * are visible at once to later code in the invocation and are recorded in
 * `actions.stateDelta`, which the framework sends with the next event.
 */
export class Context extends ReadonlyContext {
  /** The side effects this context has asked for. */
  readonly actions: EventActions;
  /** The function call this context serves (tool contexts only). */
  readonly functionCallId: string | undefined;
  /** The confirmation answer for this call, when there is one. */
  toolConfirmation: ToolConfirmation | undefined;
  private readonly mutableState: State;

  constructor(invocationContext: InvocationContext, options: ContextOptions = {}) {
    super(invocationContext);
    this.actions = options.eventActions ?? createEventActions();
    this.functionCallId = options.functionCallId;
    this.toolConfirmation = options.toolConfirmation;
    this.mutableState = new State(
      invocationContext.session.state,
      this.actions.stateDelta,
      options.stateSchema,
    );
  }

  /** The session state, writable; writes are recorded in `actions.stateDelta`. */
  override get state(): State {
    return this.mutableState;
  }

  /** Loads an artifact of this session (or a `user:` one), the latest version unless one is given. */
  async loadArtifact(filename: string, version?: number): Promise<Part | undefined> {
    const service = this.invocationContext.artifactService;
    if (!service) throw new ServiceNotConfiguredError({ service: 'artifactService' });
    return service.loadArtifact({
      appName: this.appName,
      userId: this.userId,
      sessionId: this.sessionId,
      filename,
      ...(version === undefined ? {} : { version }),
    });
  }

  /**
   * Saves a new version of an artifact and records it in
   * `actions.artifactDelta`; returns the version number.
   */
  async saveArtifact(
    filename: string,
    artifact: Part,
    customMetadata?: Record<string, unknown>,
  ): Promise<number> {
    const service = this.invocationContext.artifactService;
    if (!service) throw new ServiceNotConfiguredError({ service: 'artifactService' });
    const version = await service.saveArtifact({
      appName: this.appName,
      userId: this.userId,
      sessionId: this.sessionId,
      filename,
      artifact,
      ...(customMetadata === undefined ? {} : { customMetadata }),
    });
    setOwn(this.actions.artifactDelta, filename, version);
    return version;
  }

  /** The artifact names visible to this session. */
  async listArtifacts(): Promise<string[]> {
    const service = this.invocationContext.artifactService;
    if (!service) throw new ServiceNotConfiguredError({ service: 'artifactService' });
    return service.listArtifactKeys({
      appName: this.appName,
      userId: this.userId,
      sessionId: this.sessionId,
    });
  }

  /** Metadata of an artifact version (latest unless given). */
  async getArtifactVersion(
    filename: string,
    version?: number,
  ): Promise<ArtifactVersion | undefined> {
    const service = this.invocationContext.artifactService;
    if (!service) throw new ServiceNotConfiguredError({ service: 'artifactService' });
    return service.getArtifactVersion({
      appName: this.appName,
      userId: this.userId,
      sessionId: this.sessionId,
      filename,
      ...(version === undefined ? {} : { version }),
    });
  }

  /** Searches the user's long-term memory. */
  async searchMemory(query: string): Promise<SearchMemoryResponse> {
    const service = this.invocationContext.memoryService;
    if (!service) throw new ServiceNotConfiguredError({ service: 'memoryService' });
    return service.searchMemory({ appName: this.appName, userId: this.userId, query });
  }

  /** Adds the current session to the user's long-term memory. */
  async addSessionToMemory(): Promise<void> {
    const service = this.invocationContext.memoryService;
    if (!service) throw new ServiceNotConfiguredError({ service: 'memoryService' });
    await service.addSessionToMemory(this.invocationContext.session);
  }

  /**
   * Asks the human to confirm this tool call (`adk_request_confirmation`).
   * Only a tool context (one with a function-call id) can ask.
   */
  requestConfirmation({ hint, payload }: { hint?: string; payload?: unknown } = {}): void {
    const functionCallId = this.requireFunctionCallId('requestConfirmation');
    const confirmation: ToolConfirmation = {
      confirmed: false,
      ...(hint === undefined ? {} : { hint }),
      ...(payload === undefined ? {} : { payload }),
    };
    setOwn(this.actions.requestedToolConfirmations, functionCallId, confirmation);
  }

  /**
   * Asks the client for a credential for this tool call
   * (`adk_request_credential`, Python `request_credential`). Only a tool
   * context can ask. The config is validated and gets its `credentialKey`.
   * For OAuth2/OpenID Connect the request carries the authorization URI: the
   * one the config already holds, else one built from the scheme and the
   * raw credential (`generateAuthUri`: random `state`, PKCE for public
   * clients). The client never sees the OAuth2 client secret. Throws
   * `InvalidArgumentError` for an invalid config, or an OAuth2 one without
   * client id or authorization endpoint.
   */
  requestCredential(authConfig: AuthConfigInput): void {
    const functionCallId = this.requireFunctionCallId('requestCredential');
    setOwn(this.actions.requestedAuthConfigs, functionCallId, authRequestOf(authConfig));
  }

  /**
   * The credential the client gave for this config (Python
   * `get_auth_response`), read from the session state where the auth step
   * put it (`temp:<credentialKey>`), or undefined when the client has not
   * answered yet. Throws `InvalidArgumentError` for an invalid config.
   */
  getAuthResponse(authConfig: AuthConfigInput): AuthCredential | undefined {
    return readAuthResponse(validAuthConfig(authConfig), (key) => this.state.get(key));
  }

  /**
   * Saves the config's `exchangedAuthCredential` with the credential service
   * (Python `save_credential`). Throws `ServiceNotConfiguredError` when the
   * Runner has none, `InvalidArgumentError` for an invalid config.
   */
  async saveCredential(authConfig: AuthConfigInput): Promise<void> {
    const service = this.invocationContext.credentialService;
    if (!service) throw new ServiceNotConfiguredError({ service: 'credentialService' });
    await service.saveCredential({ authConfig: validAuthConfig(authConfig), context: this });
  }

  /**
   * The credential the credential service holds for the config, or undefined
   * (Python `load_credential`). Throws `ServiceNotConfiguredError` when the
   * Runner has none, `InvalidArgumentError` for an invalid config.
   */
  async loadCredential(authConfig: AuthConfigInput): Promise<AuthCredential | undefined> {
    const service = this.invocationContext.credentialService;
    if (!service) throw new ServiceNotConfiguredError({ service: 'credentialService' });
    return service.loadCredential({ authConfig: validAuthConfig(authConfig), context: this });
  }

  private requireFunctionCallId(method: string): string {
    if (this.functionCallId === undefined) {
      throw new InvalidArgumentError({
        message: `${method} requires a function_call_id: it can only be used in a tool context.`,
        argument: 'functionCallId',
      });
    }
    return this.functionCallId;
  }
}

function validAuthConfig(authConfig: AuthConfigInput): AuthConfig {
  try {
    return parseAuthConfig(authConfig);
  } catch (error) {
    throw new InvalidArgumentError({
      message: `Invalid auth config: ${error instanceof Error ? error.message : String(error)}`,
      argument: 'authConfig',
      cause: error,
    });
  }
}

// Python's AuthHandler.generate_auth_request: what the client is sent.
function authRequestOf(authConfigInput: AuthConfigInput): AuthConfig {
  const authConfig = validAuthConfig(authConfigInput);
  const type = authConfig.authScheme.type;
  if (type !== 'oauth2' && type !== 'openIdConnect') return structuredClone(authConfig);
  if (authConfig.exchangedAuthCredential?.oauth2?.authUri) return withoutClientSecret(authConfig);
  const raw = authConfig.rawAuthCredential?.oauth2;
  if (!raw) {
    throw new InvalidArgumentError({
      message: `Auth scheme ${type} requires rawAuthCredential.oauth2.`,
      argument: 'authConfig',
    });
  }
  const exchanged = raw.authUri
    ? structuredClone(authConfig.rawAuthCredential)
    : generateAuthUri(authConfig);
  return withoutClientSecret({ ...authConfig, exchangedAuthCredential: exchanged });
}

// The request goes to the client, which must not see the OAuth2 client secret.
function withoutClientSecret(authConfig: AuthConfig): AuthConfig {
  const copy = structuredClone(authConfig);
  if (copy.rawAuthCredential?.oauth2) delete copy.rawAuthCredential.oauth2.clientSecret;
  if (copy.exchangedAuthCredential?.oauth2) delete copy.exchangedAuthCredential.oauth2.clientSecret;
  return copy;
}

/** The context of agent and model callbacks (Python 1.x name). */
export type CallbackContext = Context;
/** The context of a tool call (Python 1.x name). */
export type ToolContext = Context;
