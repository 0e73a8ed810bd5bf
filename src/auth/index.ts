export {
  ApiKeyScheme,
  AuthScheme,
  AuthSchemeType,
  HttpScheme,
  OAuth2Scheme,
  OAuthFlow,
  OAuthFlows,
  OpenIdConnectScheme,
} from './auth-schemes.js';
export {
  AuthCredential,
  AuthCredentialType,
  AuthCredentialTypes,
  HttpAuth,
  HttpCredentials,
  OAuth2Auth,
  ServiceAccount,
  ServiceAccountCredential,
} from './auth-credential.js';
export {
  AuthConfig,
  AuthToolArguments,
  parseAuthConfig,
  parseAuthToolArguments,
  type AuthConfigInput,
} from './auth-config.js';
export { credentialKeyOf } from './credential-key.js';
export { authResponseStateKey, credentialForState, pinAuthResponse } from './auth-response.js';
export { readAuthResponse } from './read-auth-response.js';
export { AuthProviderRegistry } from './auth-provider-registry.js';
export {
  BaseAuthProvider,
  type AuthProviderContext,
  type GetAuthCredentialRequest,
} from './base-auth-provider.js';
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
export { generateAuthUri } from './oauth2/authorization-uri.js';
export { OAuthGrantType } from './oauth2/oauth2-scheme-info.js';
export { REDACTED, redactCredentials } from './redact-credentials.js';
