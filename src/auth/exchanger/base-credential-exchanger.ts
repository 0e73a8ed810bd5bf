import type { AuthCredential } from '../auth-credential.js';
import type { AuthScheme } from '../auth-schemes.js';

/** What `BaseCredentialExchanger.exchange` is given. */
export interface ExchangeCredentialRequest {
  /** The credential to exchange (its OAuth2 client restored from the tool's config). */
  credential: AuthCredential;
  /** The scheme the credential is for (where its endpoints are). */
  authScheme: AuthScheme;
}

/** The outcome of an exchange (Python `ExchangeResult`). */
export interface ExchangeResult {
  /** The exchanged credential, or the one given when nothing was exchanged. */
  credential: AuthCredential;
  /** Whether an exchange took place. */
  wasExchanged: boolean;
}

/**
 * Turns a credential into one a tool can use (Python
 * `BaseCredentialExchanger`), e.g. an OAuth2 authorization code into tokens.
 * `exchange` returns the credential unchanged (`wasExchanged: false`) when it
 * needs no exchange, and throws `CredentialExchangeError` when an exchange
 * was needed and failed.
 */
export abstract class BaseCredentialExchanger {
  /** Exchanges the credential if it needs it. */
  abstract exchange(request: ExchangeCredentialRequest): Promise<ExchangeResult>;
}
