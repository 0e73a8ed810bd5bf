/*
 * The public auth API (Python `google.adk.auth`): credential models, auth
 * schemes and configs, auth providers, and the OAuth2 and service-account
 * exchangers and refreshers. src/index.ts re-exports all of it, so a name
 * added here is a public-API decision (test/packaging/public-surface.test.ts
 * pins the runtime names). Credential keys, auth-response state and the OAuth2
 * URI helpers the flows and tools use stay out; they import their files
 * directly. The credential services live in context/ and the authenticated
 * tools in tools/ (the layering puts them there), each in its folder's list.
 */

// Credentials, schemes and the auth config a tool asks with.
export {
  AuthCredential,
  AuthCredentialTypes,
  HttpAuth,
  HttpCredentials,
  OAuth2Auth,
  ServiceAccount,
  ServiceAccountCredential,
  type AuthCredentialType,
} from './auth-credential.js';
export { AuthScheme, OAuthFlows, type AuthSchemeType } from './auth-schemes.js';
export {
  AuthConfig,
  AuthToolArguments,
  parseAuthConfig,
  type AuthConfigInput,
} from './auth-config.js';
export { OAuthGrantType } from './oauth2/oauth2-scheme-info.js';
export { redactCredentials } from './redact-credentials.js';

// Auth providers.
export {
  BaseAuthProvider,
  type AuthProviderContext,
  type GetAuthCredentialRequest,
} from './base-auth-provider.js';
export { AuthProviderRegistry } from './auth-provider-registry.js';

// Exchangers and refreshers (Python `google.adk.auth.exchanger`, `.refresher`).
export {
  BaseCredentialExchanger,
  type ExchangeCredentialRequest,
  type ExchangeResult,
} from './exchanger/base-credential-exchanger.js';
export { CredentialExchangerRegistry } from './exchanger/credential-exchanger-registry.js';
export { OAuth2CredentialExchanger } from './exchanger/oauth2-credential-exchanger.js';
export { ServiceAccountCredentialExchanger } from './exchanger/service-account-credential-exchanger.js';
export {
  BaseCredentialRefresher,
  type RefreshCredentialRequest,
} from './refresher/base-credential-refresher.js';
export { CredentialRefresherRegistry } from './refresher/credential-refresher-registry.js';
export { OAuth2CredentialRefresher } from './refresher/oauth2-credential-refresher.js';
