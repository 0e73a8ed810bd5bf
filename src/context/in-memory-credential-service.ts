import type { AuthCredential } from '../auth/auth-credential.js';
import { credentialKeyOf } from '../auth/credential-key.js';
import type { CredentialRequest, CredentialService } from './credential-service.js';

/**
 * Keeps credentials in this process, per app and user (Python
 * `InMemoryCredentialService`): every session of a user sees what any of them
 * saved. For tests and single-process servers; nothing survives a restart.
 */
export class InMemoryCredentialService implements CredentialService {
  // app → user → credential key; Maps, since the keys are the caller's data.
  private readonly credentials = new Map<string, Map<string, Map<string, AuthCredential>>>();

  /** The credential saved for the config by this app and user, or undefined. */
  async loadCredential({
    authConfig,
    context,
  }: CredentialRequest): Promise<AuthCredential | undefined> {
    const stored = this.bucket(context, false)?.get(
      authConfig.credentialKey ?? credentialKeyOf(authConfig),
    );
    return stored === undefined ? undefined : structuredClone(stored);
  }

  /** Saves the config's `exchangedAuthCredential` for this app and user (a copy). */
  async saveCredential({ authConfig, context }: CredentialRequest): Promise<void> {
    const credential = authConfig.exchangedAuthCredential;
    if (!credential) return;
    this.bucket(context, true)!.set(
      authConfig.credentialKey ?? credentialKeyOf(authConfig),
      structuredClone(credential),
    );
  }

  private bucket(
    context: CredentialRequest['context'],
    create: boolean,
  ): Map<string, AuthCredential> | undefined {
    let users = this.credentials.get(context.appName);
    if (!users) {
      if (!create) return undefined;
      users = new Map();
      this.credentials.set(context.appName, users);
    }
    let credentials = users.get(context.userId);
    if (!credentials && create) {
      credentials = new Map();
      users.set(context.userId, credentials);
    }
    return credentials;
  }
}
