import type { AuthCredentialType } from '../auth-credential.js';
import type { BaseCredentialExchanger } from './base-credential-exchanger.js';

/**
 * The exchangers by credential type (Python `CredentialExchangerRegistry`);
 * a later registration for a type replaces the earlier one.
 */
export class CredentialExchangerRegistry {
  private readonly exchangers = new Map<AuthCredentialType, BaseCredentialExchanger>();

  /** Registers `exchanger` for credentials of `credentialType`. */
  register(credentialType: AuthCredentialType, exchanger: BaseCredentialExchanger): void {
    this.exchangers.set(credentialType, exchanger);
  }

  /** The exchanger for `credentialType`, or undefined. */
  getExchanger(credentialType: AuthCredentialType): BaseCredentialExchanger | undefined {
    return this.exchangers.get(credentialType);
  }
}
