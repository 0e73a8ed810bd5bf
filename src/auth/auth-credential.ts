import { z } from 'zod';

/** The kinds of credential (Python `AuthCredentialTypes`; the values are the wire strings). */
export const AuthCredentialTypes = {
  API_KEY: 'apiKey',
  HTTP: 'http',
  OAUTH2: 'oauth2',
  OPEN_ID_CONNECT: 'openIdConnect',
  SERVICE_ACCOUNT: 'serviceAccount',
} as const;

/** One of the `AuthCredentialTypes` values. */
export const AuthCredentialType = z.enum([
  'apiKey',
  'http',
  'oauth2',
  'openIdConnect',
  'serviceAccount',
]);
/** One of the `AuthCredentialTypes` values. */
export type AuthCredentialType = z.infer<typeof AuthCredentialType>;

/** The secret of an HTTP auth scheme: user name and password, or a token. */
export const HttpCredentials = z.object({
  username: z.string().optional(),
  password: z.string().optional(),
  token: z.string().optional(),
});
/** The secret of an HTTP auth scheme. */
export type HttpCredentials = z.infer<typeof HttpCredentials>;

/** HTTP authentication (RFC 7235): the scheme name (`basic`, `bearer`) and its secret. */
export const HttpAuth = z.object({
  scheme: z.string(),
  credentials: HttpCredentials,
  additionalHeaders: z.record(z.string(), z.string()).optional(),
});
/** HTTP authentication: the scheme name and its secret. */
export type HttpAuth = z.infer<typeof HttpAuth>;

/**
 * An OAuth2 or OpenID Connect credential and the state of its flow: client
 * identity, authorization URI and state, the client's redirect answer, and
 * the tokens. `tokenEndpointAuthMethod` defaults as in Python.
 */
export const OAuth2Auth = z.object({
  clientId: z.string().optional(),
  clientSecret: z.string().optional(),
  authUri: z.string().optional(),
  state: z.string().optional(),
  redirectUri: z.string().optional(),
  authResponseUri: z.string().optional(),
  authCode: z.string().optional(),
  accessToken: z.string().optional(),
  refreshToken: z.string().optional(),
  idToken: z.string().optional(),
  expiresAt: z.number().int().optional(),
  expiresIn: z.number().int().optional(),
  audience: z.string().optional(),
  codeVerifier: z.string().optional(),
  codeChallengeMethod: z.string().optional(),
  prompt: z.string().optional(),
  nonce: z.string().optional(),
  // The token response as older Python versions keep it.
  token: z.record(z.string(), z.unknown()).optional(),
  tokenEndpointAuthMethod: z
    .enum(['client_secret_basic', 'client_secret_post', 'client_secret_jwt', 'private_key_jwt'])
    .default('client_secret_basic'),
});
/** An OAuth2 or OpenID Connect credential and the state of its flow. */
export type OAuth2Auth = z.infer<typeof OAuth2Auth>;

/** A Google service account JSON key (its `type` is `service_account`). */
export const ServiceAccountCredential = z.object({
  type: z.string().default(''),
  projectId: z.string(),
  privateKeyId: z.string(),
  privateKey: z.string(),
  clientEmail: z.string(),
  clientId: z.string(),
  authUri: z.string(),
  tokenUri: z.string(),
  authProviderX509CertUrl: z.string(),
  clientX509CertUrl: z.string(),
  universeDomain: z.string(),
});
/** A Google service account JSON key. */
export type ServiceAccountCredential = z.infer<typeof ServiceAccountCredential>;

/**
 * A service account: its key, or Application Default Credentials; an ID token
 * needs an audience (the checks Python's model validator makes).
 */
export const ServiceAccount = z
  .object({
    serviceAccountCredential: ServiceAccountCredential.optional(),
    scopes: z.array(z.string()).optional(),
    useDefaultCredential: z.boolean().default(false),
    useIdToken: z.boolean().default(false),
    audience: z.string().optional(),
  })
  .refine((value) => value.useDefaultCredential || value.serviceAccountCredential, {
    message: 'serviceAccountCredential is required when useDefaultCredential is false.',
  })
  .refine((value) => !value.useIdToken || value.audience, {
    message: 'audience is required when useIdToken is true.',
  });
/** A service account: its key, or Application Default Credentials. */
export type ServiceAccount = z.infer<typeof ServiceAccount>;

/**
 * A credential (Python `AuthCredential`), in camelCase as Python writes it
 * `by_alias`: its `authType` and the section for that type.
 */
export const AuthCredential = z.object({
  authType: AuthCredentialType,
  resourceRef: z.string().optional(),
  apiKey: z.string().optional(),
  http: HttpAuth.optional(),
  serviceAccount: ServiceAccount.optional(),
  oauth2: OAuth2Auth.optional(),
});
/** A credential: its type and the section for that type. */
export type AuthCredential = z.infer<typeof AuthCredential>;
