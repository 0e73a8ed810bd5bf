import type { AuthConfig } from './auth-config.js';
import type { AuthCredential } from './auth-credential.js';
import type { AuthSchemeType } from './auth-schemes.js';

/**
 * What a provider sees of the call it resolves a credential for: who runs
 * and where. A tool `Context` is one (this folder sits below the context
 * layer, hence the structural type).
 */
export interface AuthProviderContext {
  readonly appName: string;
  readonly userId: string;
  readonly sessionId: string;
  readonly invocationId: string;
  readonly agentName: string;
}

/** The request of `BaseAuthProvider.getAuthCredential`. */
export interface GetAuthCredentialRequest {
  /** The config of the tool that needs the credential (parsed: its `credentialKey` is set). */
  authConfig: AuthConfig;
  /** The tool context of the call. */
  context: AuthProviderContext;
}

/**
 * A source of credentials consulted before the user is asked (Python
 * `BaseAuthProvider`): a secret manager, a vault, the environment.
 * `getAuthCredential` returns the credential, or undefined when this
 * provider cannot supply one (the user is then asked). What it throws
 * reaches the tool's caller as an `AuthProviderError`.
 */
export abstract class BaseAuthProvider {
  /**
   * The scheme types this provider serves; `AuthProviderRegistry.register`
   * with the provider alone registers it for each of them. Empty by default.
   */
  get supportedAuthSchemes(): readonly AuthSchemeType[] {
    return [];
  }

  /** The credential for `authConfig`, or undefined when this provider has none. */
  abstract getAuthCredential(
    request: GetAuthCredentialRequest,
  ): Promise<AuthCredential | undefined>;
}
