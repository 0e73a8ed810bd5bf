import { parseAuthConfig, type AuthConfig, type AuthConfigInput } from '../auth/auth-config.js';
import type { AuthCredential, AuthCredentialType } from '../auth/auth-credential.js';
import { authResponseStateKey, credentialForState } from '../auth/auth-response.js';
import type { BaseCredentialExchanger } from '../auth/exchanger/base-credential-exchanger.js';
import { CredentialExchangerRegistry } from '../auth/exchanger/credential-exchanger-registry.js';
import { OAuth2CredentialExchanger } from '../auth/exchanger/oauth2-credential-exchanger.js';
import { ServiceAccountCredentialExchanger } from '../auth/exchanger/service-account-credential-exchanger.js';
import { grantTypeOf, OAuthGrantType } from '../auth/oauth2/oauth2-scheme-info.js';
import type { BaseCredentialRefresher } from '../auth/refresher/base-credential-refresher.js';
import { CredentialRefresherRegistry } from '../auth/refresher/credential-refresher-registry.js';
import { OAuth2CredentialRefresher } from '../auth/refresher/oauth2-credential-refresher.js';
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
 * `CredentialManager.get_auth_credential`). In order: the provider
 * registered for the scheme type (its failure is an `AuthProviderError`); a
 * credential the config already holds in usable form; the credential
 * service, when the Runner has one; the client's answer to an earlier
 * `adk_request_credential`; for a client credentials flow, the configured
 * client itself. The credential found (its OAuth2 client id and secret always
 * taken from the tool's config) is then exchanged when it needs it (an
 * authorization code, client credentials: `CredentialExchangeError` when the
 * token endpoint refuses), else refreshed when it has expired. A stored
 * credential that can no longer be refreshed gives way to the client's
 * answer; with neither, the result is undefined and `requestCredential` asks
 * the user again. A credential that was answered, exchanged or refreshed is
 * saved with the credential service when there is one, and kept in the
 * invocation's `temp:` state, both without the client secret.
 */
export class CredentialManager {
  /** The parsed config (its `credentialKey` set). */
  readonly authConfig: AuthConfig;
  private readonly registry: AuthProviderRegistry | undefined;
  private readonly exchangers = new CredentialExchangerRegistry();
  private readonly refreshers = new CredentialRefresherRegistry();

  constructor({ authConfig, authProviderRegistry }: CredentialManagerOptions) {
    this.authConfig = parseAuthConfig(authConfig);
    this.registry = authProviderRegistry;
    const oauth2Exchanger = new OAuth2CredentialExchanger();
    this.exchangers.register('oauth2', oauth2Exchanger);
    this.exchangers.register('openIdConnect', oauth2Exchanger);
    this.exchangers.register('serviceAccount', new ServiceAccountCredentialExchanger());
    const oauth2Refresher = new OAuth2CredentialRefresher();
    this.refreshers.register('oauth2', oauth2Refresher);
    this.refreshers.register('openIdConnect', oauth2Refresher);
  }

  /** Registers an exchanger for a credential type, replacing the default (Python's). */
  registerCredentialExchanger(
    credentialType: AuthCredentialType,
    exchanger: BaseCredentialExchanger,
  ): void {
    this.exchangers.register(credentialType, exchanger);
  }

  /** Registers a refresher for a credential type, replacing the default. */
  registerCredentialRefresher(
    credentialType: AuthCredentialType,
    refresher: BaseCredentialRefresher,
  ): void {
    this.refreshers.register(credentialType, refresher);
  }

  /** The credential for this call, or undefined when the client must be asked. */
  async getAuthCredential(context: Context): Promise<AuthCredential | undefined> {
    const fromProvider = await this.fromProvider(context);
    if (fromProvider) return fromProvider;
    const configured = usableCredential(this.authConfig);
    if (configured) return configured;
    const stored = await loadIfConfigured(context, this.authConfig);
    if (stored) {
      const prepared = await this.prepare(context, stored, false);
      if (prepared) return prepared;
    }
    const answered = context.getAuthResponse(this.authConfig);
    if (answered) return this.prepare(context, answered, true);
    if (isClientCredentialsFlow(this.authConfig) && this.authConfig.rawAuthCredential) {
      return this.prepare(context, this.authConfig.rawAuthCredential, false);
    }
    return undefined;
  }

  /** Asks the client for the credential through the tool call (`Context.requestCredential`). */
  requestCredential(context: Context): void {
    context.requestCredential(this.authConfig);
  }

  // Exchange, else refresh; then keep what changed. Undefined: the user must sign in again.
  private async prepare(
    context: Context,
    found: AuthCredential,
    answered: boolean,
  ): Promise<AuthCredential | undefined> {
    const authScheme = this.authConfig.authScheme;
    let credential = withConfiguredClient(this.authConfig, found);
    let changed = answered;
    const exchanger = this.exchangers.getExchanger(credential.authType);
    let wasExchanged = false;
    if (exchanger) {
      const result = await exchanger.exchange({ credential, authScheme });
      credential = result.credential;
      wasExchanged = result.wasExchanged;
    }
    const refresher = this.refreshers.getRefresher(credential.authType);
    if (
      !wasExchanged &&
      refresher &&
      (await refresher.isRefreshNeeded({ credential, authScheme }))
    ) {
      const refreshed = await refresher.refresh({ credential, authScheme });
      if (!refreshed) return undefined;
      credential = refreshed;
      changed = true;
    }
    if (changed || wasExchanged) await this.keep(context, credential);
    return credential;
  }

  private async keep(context: Context, credential: AuthCredential): Promise<void> {
    const shareable = credentialForState(credential);
    context.state.set(authResponseStateKey(this.authConfig), shareable);
    await saveIfConfigured(context, { ...this.authConfig, exchangedAuthCredential: shareable });
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

// Python `_is_client_credentials_flow`.
function isClientCredentialsFlow(config: AuthConfig): boolean {
  return grantTypeOf(config.authScheme) === OAuthGrantType.CLIENT_CREDENTIALS;
}

// The OAuth2 client is the tool's, never what a store or the client sent (Python `_with_configured_client`).
function withConfiguredClient(config: AuthConfig, credential: AuthCredential): AuthCredential {
  const raw = config.rawAuthCredential?.oauth2;
  if (!raw || !credential.oauth2) return credential;
  const oauth2 = { ...credential.oauth2 };
  for (const field of ['clientId', 'clientSecret', 'tokenEndpointAuthMethod'] as const) {
    if (raw[field] === undefined) delete oauth2[field];
    else (oauth2 as Record<string, unknown>)[field] = raw[field];
  }
  if (oauth2.redirectUri === undefined && raw.redirectUri !== undefined) {
    oauth2.redirectUri = raw.redirectUri;
  }
  return { ...credential, oauth2 };
}
