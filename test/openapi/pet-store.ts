import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stringify as toYaml } from 'yaml';

/*
 * A small pet store on 127.0.0.1 and the OpenAPI 3.0 document describing
 * it, with `$ref`s for schemas, parameters and request bodies (one of them
 * cyclic), for the OpenAPI toolset tests. Two more operations need a
 * secret: `GET /vault` an API key, `GET /me` a bearer token (see
 * `securedPetStoreSpec`). `GET /orders` needs an OAuth2 access token, checked
 * by the validator given to `startPetStore` (see `oauth2PetStoreSpec`).
 */

/** The API key `GET /vault` accepts (header `X-Api-Key` or query `api_key`). */
export const PET_STORE_API_KEY = 'key-1';
/** The bearer token `GET /me` accepts. */
export const PET_STORE_TOKEN = 'token-1';

/** A request the pet store received. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A running pet store. */
export interface PetStore {
  baseUrl: string;
  /** Every request received, oldest first. */
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

/** Options of `startPetStore`. */
export interface PetStoreOptions {
  /**
   * Decides whether the bearer token of `GET /orders` is a valid OAuth2 access
   * token (e.g. `OAuth2Server.accessTokenIsValid`); without it every token is refused.
   */
  oauth2TokenIsValid?: (token: string) => boolean;
}

interface Pet {
  id: number;
  name: string;
  tag?: string;
}

/** Starts the pet store on a free port of 127.0.0.1. */
export async function startPetStore(options: PetStoreOptions = {}): Promise<PetStore> {
  const pets: Pet[] = [
    { id: 1, name: 'Rex', tag: 'dog' },
    { id: 2, name: 'Tom', tag: 'cat' },
    { id: 3, name: 'Fido', tag: 'dog' },
  ];
  let nextId = pets.length + 1;
  const requests: ReceivedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body,
      });
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const json = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      const petMatch = /^\/v1\/pets\/([^/]+)(\/notes)?$/.exec(url.pathname);
      // The secured operations (`securedPetStoreSpec`): 401 without the right secret.
      if (url.pathname === '/v1/vault') {
        const key = request.headers['x-api-key'] ?? url.searchParams.get('api_key');
        if (key !== PET_STORE_API_KEY) return json(401, { message: 'bad api key' });
        return json(200, { treats: 42 });
      }
      if (url.pathname === '/v1/me') {
        if (request.headers.authorization !== `Bearer ${PET_STORE_TOKEN}`) {
          return json(401, { message: 'bad token' });
        }
        return json(200, { user: 'ada' });
      }
      if (url.pathname === '/v1/orders') {
        const auth = request.headers.authorization ?? '';
        const token = auth.startsWith('Bearer ') ? auth.slice(7) : undefined;
        if (token === undefined || !(options.oauth2TokenIsValid?.(token) ?? false)) {
          response.setHeader('www-authenticate', 'Bearer error="invalid_token"');
          return json(401, { message: 'invalid or expired access token' });
        }
        return json(200, [{ id: 7, petId: 1, status: 'shipped' }]);
      }
      if (url.pathname === '/v1/pets' && request.method === 'GET') {
        const tag = url.searchParams.get('tag');
        const limit = Number(url.searchParams.get('limit') ?? pets.length);
        json(200, pets.filter((pet) => !tag || pet.tag === tag).slice(0, limit));
      } else if (url.pathname === '/v1/pets' && request.method === 'POST') {
        const input = JSON.parse(body) as Omit<Pet, 'id'>;
        if (!input.name) return json(422, { message: 'name is required' });
        const pet = { id: nextId++, ...input };
        pets.push(pet);
        json(201, pet);
      } else if (petMatch && !petMatch[2]) {
        const pet = pets.find((candidate) => String(candidate.id) === petMatch[1]);
        if (!pet) return json(404, { message: `no pet ${decodeURIComponent(petMatch[1] ?? '')}` });
        if (request.method === 'DELETE') {
          pets.splice(pets.indexOf(pet), 1);
          response.writeHead(204).end();
        } else json(200, pet);
      } else if (petMatch && request.method === 'POST') {
        const note = new URLSearchParams(body).get('text');
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end(`noted for pet ${petMatch[1]}: ${note}`);
      } else json(404, { message: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The pet store's OpenAPI document for a server at `baseUrl`. */
export function petStoreSpec(baseUrl: string): Record<string, unknown> {
  return {
    openapi: '3.0.3',
    info: { title: 'Pet store', version: '1.0.0' },
    servers: [{ url: baseUrl }, { url: 'http://unused.example' }],
    paths: {
      '/pets': {
        get: {
          operationId: 'listPets',
          summary: 'List pets',
          description: 'Lists the pets, optionally by tag.',
          parameters: [
            { $ref: '#/components/parameters/Limit' },
            {
              name: 'tag',
              in: 'query',
              description: 'Only pets with this tag',
              schema: { type: 'string' },
            },
            {
              name: 'X-Request-Id',
              in: 'header',
              required: true,
              schema: { type: 'string', description: 'A request id for tracing' },
            },
          ],
          responses: {
            '200': {
              description: 'The pets',
              content: {
                'application/json': {
                  schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } },
                },
              },
            },
          },
        },
        post: {
          operationId: 'createPet',
          summary: 'Create a pet',
          requestBody: { $ref: '#/components/requestBodies/NewPet' },
          responses: {
            '201': {
              description: 'Created',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
            },
          },
        },
      },
      '/pets/{petId}': {
        parameters: [{ $ref: '#/components/parameters/PetId' }],
        get: {
          operationId: 'showPetById',
          summary: 'Info for a specific pet',
          responses: { '200': { description: 'The pet' } },
        },
        delete: { summary: 'Delete a pet', responses: { '204': { description: 'Deleted' } } },
      },
      '/pets/{petId}/notes': {
        post: {
          operationId: 'addPetNote',
          description: 'Adds a note to a pet.',
          parameters: [
            { $ref: '#/components/parameters/PetId' },
            { name: 'trace', in: 'cookie', schema: { type: 'string' } },
          ],
          requestBody: {
            content: {
              'application/x-www-form-urlencoded': {
                schema: {
                  type: 'object',
                  properties: { text: { type: 'string', description: 'The note' } },
                  required: ['text'],
                },
              },
            },
          },
          responses: {
            '200': {
              description: 'Noted',
              content: { 'text/plain': { schema: { type: 'string' } } },
            },
          },
        },
      },
    },
    components: {
      parameters: {
        Limit: {
          name: 'limit',
          in: 'query',
          description: 'How many pets to return',
          schema: { type: 'integer', format: 'int32' },
        },
        PetId: {
          name: 'petId',
          in: 'path',
          required: true,
          description: 'The id of the pet',
          schema: { type: 'string' },
        },
      },
      requestBodies: {
        NewPet: {
          description: 'The pet to add',
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/NewPet' } } },
        },
      },
      schemas: {
        NewPet: {
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string', description: 'The pet name' },
            tag: { type: 'string' },
            category: { $ref: '#/components/schemas/Category' },
          },
        },
        Pet: {
          allOf: [
            { $ref: '#/components/schemas/NewPet' },
            { type: 'object', properties: { id: { type: 'integer', format: 'int64' } } },
          ],
        },
        Category: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            parent: { $ref: '#/components/schemas/Category' },
          },
        },
      },
    },
  };
}

/** The same document as JSON text. */
export function petStoreJson(baseUrl: string): string {
  return JSON.stringify(petStoreSpec(baseUrl), null, 2);
}

/** The same document as YAML text. */
export function petStoreYaml(baseUrl: string): string {
  return toYaml(petStoreSpec(baseUrl));
}
