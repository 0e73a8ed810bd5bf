import { AuthCredential } from '../auth/auth-credential.js';
import { authModelToCamelCase } from '../auth/auth-json.js';
import { credentialKeyOf } from '../auth/credential-key.js';
import type { CredentialRequest, CredentialService } from './credential-service.js';

/**
 * Keeps credentials in the session state under their `credentialKey`
 * (Python `SessionStateCredentialService`): a save is a state write, so it is
 * committed with the caller's next event and lives as long as the session.
 * Session state is readable by the client and stored as the session is;
 * use it only where that is acceptable.
 */
export class SessionStateCredentialService implements CredentialService {
  /** The credential under the config's key in the session state, or undefined when none or not a credential. */
  async loadCredential({
    authConfig,
    context,
  }: CredentialRequest): Promise<AuthCredential | undefined> {
    const value = context.state.get(authConfig.credentialKey ?? credentialKeyOf(authConfig));
    if (value === null || typeof value !== 'object') return undefined;
    const parsed = AuthCredential.safeParse(authModelToCamelCase(value));
    return parsed.success ? parsed.data : undefined;
  }

  /** Writes the config's `exchangedAuthCredential` to the session state (recorded in the caller's state delta). */
  async saveCredential({ authConfig, context }: CredentialRequest): Promise<void> {
    const credential = authConfig.exchangedAuthCredential;
    if (!credential) return;
    context.state.set(
      authConfig.credentialKey ?? credentialKeyOf(authConfig),
      structuredClone(credential),
    );
  }
}
