import type { AuthConfig } from '../auth/auth-config.js';
import type { AuthCredential } from '../auth/auth-credential.js';
import type { Context } from './context.js';

/** The arguments of `CredentialService` calls: the config (its `credentialKey` names the slot) and the caller's context. */
export interface CredentialRequest {
  /** The auth config, parsed (`parseAuthConfig`), so that its `credentialKey` is set. */
  authConfig: AuthConfig;
  /** The context of the callback or tool asking: its app, user and session state. */
  context: Context;
}

/**
 * Stores credentials that tools obtained through the auth flow (Python
 * `BaseCredentialService`), keyed by the config's `credentialKey` within the
 * scope the implementation chooses (the app and user for
 * `InMemoryCredentialService`, the session for `SessionStateCredentialService`).
 */
export interface CredentialService {
  /** The stored credential for the config, or undefined when none is stored. */
  loadCredential(request: CredentialRequest): Promise<AuthCredential | undefined>;
  /** Stores the config's `exchangedAuthCredential`; a config without one stores nothing. */
  saveCredential(request: CredentialRequest): Promise<void>;
}
