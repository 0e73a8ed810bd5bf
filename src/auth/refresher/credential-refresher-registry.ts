import type { AuthCredentialType } from '../auth-credential.js';
import type { BaseCredentialRefresher } from './base-credential-refresher.js';

/**
 * The refreshers by credential type (Python `CredentialRefresherRegistry`);
 * a later registration for a type replaces the earlier one.
 */
export class CredentialRefresherRegistry {
  private readonly refreshers = new Map<AuthCredentialType, BaseCredentialRefresher>();

  /** Registers `refresher` for credentials of `credentialType`. */
  register(credentialType: AuthCredentialType, refresher: BaseCredentialRefresher): void {
    this.refreshers.set(credentialType, refresher);
  }

  /** The refresher for `credentialType`, or undefined. */
  getRefresher(credentialType: AuthCredentialType): BaseCredentialRefresher | undefined {
    return this.refreshers.get(credentialType);
  }
}
