/*
 * The pet store's secured operations as their own OpenAPI document:
 * `openVault` needs the API key in the `X-Api-Key` header, `whoAmI` a bearer
 * token, as `components.securitySchemes` declares.
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
