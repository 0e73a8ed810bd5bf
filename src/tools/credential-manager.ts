import { parseAuthConfig, type AuthConfig, type AuthConfigInput } from '../auth/auth-config.js';
import type { AuthCredential } from '../auth/auth-credential.js';
import type { AuthProviderRegistry } from '../auth/auth-provider-registry.js';
import type { Context } from '../context/context.js';
import { AuthProviderError } from '../errors/auth-provider-error.js';
import { ServiceNotConfiguredError } from '../errors/service-not-configured-error.js';

/** Options of `new CredentialManager(...)`. */
export interface CredentialManagerOptions {
  /** The tool's auth config; invalid, the constructor throws zod's error. */
  authConfig: AuthConfigInput;
  /** The providers consulted first, by scheme type; default the App's (`App.authProviderRegistry`). */
  authProviderRegistry?: AuthProviderRegistry | undefined;
}

/**
 * Resolves the credential of one auth config for a tool call (Python
 * `CredentialManager`, its lookup part). In order: the provider registered
 * for the scheme type (its failure is an `AuthProviderError`); a credential
 * the config already holds in usable form; the credential service, when the
 * Runner has one; the client's answer to an earlier `adk_request_credential`
 * (saved with the credential service when there is one). Undefined when
 * none has it: `requestCredential` then asks the client.
 */
export class CredentialManager {
  /** The parsed config (its `credentialKey` set). */
  readonly authConfig: AuthConfig;
  private readonly registry: AuthProviderRegistry | undefined;

  constructor({ authConfig, authProviderRegistry }: CredentialManagerOptions) {
    this.authConfig = parseAuthConfig(authConfig);
    this.registry = authProviderRegistry;
  }

  /** The credential for this call, or undefined when the client must be asked. */
  async getAuthCredential(context: Context): Promise<AuthCredential | undefined> {
    const fromProvider = await this.fromProvider(context);
    if (fromProvider) return fromProvider;
    const configured = usableCredential(this.authConfig);
    if (configured) return configured;
    const stored = await loadIfConfigured(context, this.authConfig);
    if (stored) return stored;
    const answered = context.getAuthResponse(this.authConfig);
    if (answered) {
      await saveIfConfigured(context, { ...this.authConfig, exchangedAuthCredential: answered });
    }
    return answered;
  }

  /** Asks the client for the credential through the tool call (`Context.requestCredential`). */
  requestCredential(context: Context): void {
    context.requestCredential(this.authConfig);
  }

  private async fromProvider(context: Context): Promise<AuthCredential | undefined> {
    const registry = this.registry ?? context.invocation.authProviderRegistry;
    const provider = registry?.getProvider(this.authConfig.authScheme);
    if (!provider) return undefined;
    try {
      return (
        (await provider.getAuthCredential({ authConfig: this.authConfig, context })) ?? undefined
      );
    } catch (error) {
      const schemeType = this.authConfig.authScheme.type;
      throw new AuthProviderError({
        message:
          `The auth provider for the ${schemeType} scheme failed: ` +
          (error instanceof Error ? error.message : String(error)),
        schemeType,
        ...(this.authConfig.credentialKey ? { credentialKey: this.authConfig.credentialKey } : {}),
        cause: error,
      });
    }
  }
}

// A credential is usable as configured when it already carries its secret;
// an OAuth2 client id alone, or an API key type without the key, needs the client.
function usableCredential(config: AuthConfig): AuthCredential | undefined {
  for (const credential of [config.exchangedAuthCredential, config.rawAuthCredential]) {
    if (!credential) continue;
    if (credential.apiKey) return credential;
    const http = credential.http?.credentials;
    if (http && (http.token || http.username)) return credential;
    if (credential.oauth2?.accessToken) return credential;
    if (credential.authType === 'serviceAccount' && credential.serviceAccount) return credential;
  }
  return undefined;
}

async function loadIfConfigured(
  context: Context,
  config: AuthConfig,
): Promise<AuthCredential | undefined> {
  try {
    return await context.loadCredential(config);
  } catch (error) {
    if (ServiceNotConfiguredError.isInstance(error)) return undefined;
    throw error;
  }
}

async function saveIfConfigured(context: Context, config: AuthConfig): Promise<void> {
  try {
    await context.saveCredential(config);
  } catch (error) {
    if (!ServiceNotConfiguredError.isInstance(error)) throw error;
  }
}
