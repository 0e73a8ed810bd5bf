import type { AuthConfig } from '../events/event-actions.js';

/**
 * Stores credentials that tools obtained through the auth flow (Python
 * `BaseCredentialService`). Implementations arrive with the auth subsystem.
 */
export interface CredentialService {
  /** The stored credential for the auth config, or undefined. */
  loadCredential(request: {
    authConfig: AuthConfig;
    appName: string;
    userId: string;
  }): Promise<Record<string, unknown> | undefined>;
  /** Stores the exchanged credential held by the auth config. */
  saveCredential(request: {
    authConfig: AuthConfig;
    appName: string;
    userId: string;
  }): Promise<void>;
}
