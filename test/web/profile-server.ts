import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running protected resource. */
export interface ProfileServer {
  /** `http://127.0.0.1:<port>/profile`. */
  readonly profileUrl: string;
  /** The bearer tokens it was sent, oldest first. */
  readonly tokensSeen: string[];
  close(): Promise<void>;
}

/** The profile the server answers to a valid token. */
export const PROFILE = { name: 'Ada Lovelace', email: 'ada@example.test' };

/**
 * A resource server on 127.0.0.1 for the OAuth2 tests: `GET /profile`
 * answers `PROFILE` to an `Authorization: Bearer <token>` that `isValid`
 * accepts (the authorization server's check), else 401 with
 * `WWW-Authenticate: Bearer error="invalid_token"`.
 */
export async function startProfileServer(
  isValid: (token: string | undefined) => boolean,
): Promise<ProfileServer> {
  const tokensSeen: string[] = [];
  const server = createServer((request, response) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
    if (token !== undefined) tokensSeen.push(token);
    if (request.url !== '/profile') {
      response.writeHead(404).end();
    } else if (!isValid(token)) {
      response
        .writeHead(401, {
          'content-type': 'application/json',
          'www-authenticate': 'Bearer error="invalid_token"',
        })
        .end(JSON.stringify({ error: 'invalid_token' }));
    } else {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(PROFILE));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    profileUrl: `http://127.0.0.1:${port}/profile`,
    tokensSeen,
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}
