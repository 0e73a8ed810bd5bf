import { z } from 'zod';

/** The OpenAPI security scheme types (Python `AuthSchemeType`). */
export const AuthSchemeType = z.enum(['apiKey', 'http', 'oauth2', 'openIdConnect']);
/** An OpenAPI security scheme type. */
export type AuthSchemeType = z.infer<typeof AuthSchemeType>;

/** One OAuth2 flow of an OpenAPI `flows` object. */
export const OAuthFlow = z.looseObject({
  authorizationUrl: z.string().optional(),
  tokenUrl: z.string().optional(),
  refreshUrl: z.string().optional(),
  scopes: z.record(z.string(), z.string()).default({}),
});
/** One OAuth2 flow. */
export type OAuthFlow = z.infer<typeof OAuthFlow>;

/** The OAuth2 flows an OpenAPI `oauth2` scheme offers. */
export const OAuthFlows = z.looseObject({
  implicit: OAuthFlow.optional(),
  password: OAuthFlow.optional(),
  clientCredentials: OAuthFlow.optional(),
  authorizationCode: OAuthFlow.optional(),
});
/** The OAuth2 flows of a scheme. */
export type OAuthFlows = z.infer<typeof OAuthFlows>;

const description = z.string().optional();

/** An API key sent in a header, query parameter or cookie (OpenAPI `apiKey`). */
export const ApiKeyScheme = z.looseObject({
  type: z.literal('apiKey'),
  in: z.enum(['query', 'header', 'cookie']),
  name: z.string(),
  description,
});

/** HTTP authentication (OpenAPI `http`), e.g. `basic` or `bearer` with a `bearerFormat`. */
export const HttpScheme = z.looseObject({
  type: z.literal('http'),
  scheme: z.string(),
  bearerFormat: z.string().optional(),
  description,
});

/** OAuth2 (OpenAPI `oauth2`) with its flows. */
export const OAuth2Scheme = z.looseObject({
  type: z.literal('oauth2'),
  flows: OAuthFlows,
  description,
});

/**
 * OpenID Connect: either by discovery URL (OpenAPI `openIdConnect`) or with
 * the discovered endpoints written out (Python `OpenIdConnectWithConfig`,
 * whose fields Python writes snake_case).
 */
export const OpenIdConnectScheme = z.looseObject({
  type: z.literal('openIdConnect'),
  openIdConnectUrl: z.string().optional(),
  authorization_endpoint: z.string().optional(),
  token_endpoint: z.string().optional(),
  userinfo_endpoint: z.string().optional(),
  revocation_endpoint: z.string().optional(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
  grant_types_supported: z.array(z.string()).optional(),
  scopes: z.array(z.string()).optional(),
  description,
});

/**
 * How a tool authenticates: an OpenAPI security scheme object, written with
 * OpenAPI's own key spelling (`in`, `bearerFormat`, `openIdConnectUrl`), as
 * Python writes it. Unknown keys are kept.
 */
export const AuthScheme = z.discriminatedUnion('type', [
  ApiKeyScheme,
  HttpScheme,
  OAuth2Scheme,
  OpenIdConnectScheme,
]);
/** An OpenAPI security scheme object. */
export type AuthScheme = z.infer<typeof AuthScheme>;

/** The keys each scheme type defines; the credential key ignores any others (Python's extras). */
export const AUTH_SCHEME_KEYS: Readonly<Record<AuthSchemeType, readonly string[]>> = {
  apiKey: Object.keys(ApiKeyScheme.shape),
  http: Object.keys(HttpScheme.shape),
  oauth2: Object.keys(OAuth2Scheme.shape),
  openIdConnect: Object.keys(OpenIdConnectScheme.shape),
};
