/*
 * The pet store's secured operations as their own OpenAPI document:
 * `openVault` needs the API key in the `X-Api-Key` header, `whoAmI` a bearer
 * token, as `components.securitySchemes` declares. `oauth2PetStoreSpec`
 * describes `GET /orders`, protected by an OAuth2 authorization code flow.
 */

/** The OpenAPI document of the pet store's secured operations at `baseUrl`. */
export function securedPetStoreSpec(baseUrl: string): Record<string, unknown> {
  return {
    openapi: '3.0.3',
    info: { title: 'Pet store vault', version: '1.0.0' },
    servers: [{ url: baseUrl }],
    paths: {
      '/vault': {
        get: {
          operationId: 'openVault',
          description: 'Counts the treats in the vault.',
          security: [{ vaultKey: [] }],
          responses: { '200': { description: 'The treats' } },
        },
      },
      '/me': {
        get: {
          operationId: 'whoAmI',
          description: 'The signed-in user.',
          security: [{ bearer: [] }],
          responses: { '200': { description: 'The user' } },
        },
      },
    },
    components: {
      securitySchemes: {
        vaultKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
  };
}

/** The endpoints of the authorization server `oauth2PetStoreSpec` points at. */
export interface OAuth2Endpoints {
  authorizationEndpoint: string;
  tokenEndpoint: string;
}

/**
 * The OpenAPI document of the pet store's OAuth2-protected `listOrders`
 * (`GET /orders`, scope `read`) at `baseUrl`, with an `oauth2` security scheme
 * (authorization code flow) at the given endpoints.
 */
export function oauth2PetStoreSpec(
  baseUrl: string,
  endpoints: OAuth2Endpoints,
): Record<string, unknown> {
  return {
    openapi: '3.0.3',
    info: { title: 'Pet store orders', version: '1.0.0' },
    servers: [{ url: baseUrl }],
    paths: {
      '/orders': {
        get: {
          operationId: 'listOrders',
          description: 'Lists the orders of the signed-in user.',
          security: [{ petAuth: ['read'] }],
          responses: { '200': { description: 'The orders' } },
        },
      },
    },
    components: {
      securitySchemes: {
        petAuth: {
          type: 'oauth2',
          flows: {
            authorizationCode: {
              authorizationUrl: endpoints.authorizationEndpoint,
              tokenUrl: endpoints.tokenEndpoint,
              scopes: { read: 'Read orders' },
            },
          },
        },
      },
    },
  };
}
