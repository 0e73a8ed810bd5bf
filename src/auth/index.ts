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
export { REDACTED, redactCredentials } from './redact-credentials.js';
