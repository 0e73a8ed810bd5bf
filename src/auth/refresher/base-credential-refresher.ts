import type { AuthCredential } from '../auth-credential.js';
import type { AuthScheme } from '../auth-schemes.js';

/** What `BaseCredentialRefresher`'s methods are given. */
export interface RefreshCredentialRequest {
  /** The credential (its OAuth2 client restored from the tool's config). */
  credential: AuthCredential;
  /** The scheme the credential is for (where its token endpoint is). */
  authScheme: AuthScheme;
}

/**
 * Renews a credential that has expired (Python `BaseCredentialRefresher`).
 * `isRefreshNeeded` tells whether it has; `refresh` returns the renewed
 * credential, the same one when no refresh was needed, or undefined when it
 * can no longer be renewed (e.g. the refresh token was refused), in which
 * case the user is asked again. Other failures throw `CredentialRefreshError`.
 */
export abstract class BaseCredentialRefresher {
  /** Whether the credential needs a refresh now. */
  abstract isRefreshNeeded(request: RefreshCredentialRequest): Promise<boolean>;
  /** The refreshed credential, or undefined when the user must sign in again. */
  abstract refresh(request: RefreshCredentialRequest): Promise<AuthCredential | undefined>;
}
