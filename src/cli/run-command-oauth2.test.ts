import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADK_SOURCE_URL, createAgentsDir, startCli } from '../../test/cli/cli-process.js';
import {
  OAUTH2_CLIENT_ID,
  OAUTH2_CLIENT_SECRET,
  signIn,
  startOAuth2Server,
  type OAuth2Server,
} from '../../test/oauth/oauth2-server.js';

/*
 * Issue 20 §3 end to end: `adk run` prints the authorization URI of an
 * OAuth2 tool, the person signs in at the local authorization server and
 * pastes the address they were sent back to, the code is exchanged, and the
 * tool runs with an access token the server issued.
 */

// An authenticated tool of the local server's confidential client; it returns the token it got.
function oauthAgent(server: OAuth2Server): string {
  return `import { AuthenticatedFunctionTool, LlmAgent } from '${ADK_SOURCE_URL}';
import { EchoLlm } from '../echo_model.js';

export const rootAgent = new LlmAgent({
  name: 'orders_agent',
  model: new EchoLlm(),
  tools: [
    new AuthenticatedFunctionTool({
      name: 'get_weather',
      description: 'The weather in a city, for a signed-in user.',
      parameters: { type: 'OBJECT', properties: { city: { type: 'STRING' } }, required: ['city'] },
      authConfig: {
        authScheme: {
          type: 'oauth2',
          flows: {
            authorizationCode: {
              authorizationUrl: '${server.authorizationEndpoint}',
              tokenUrl: '${server.tokenEndpoint}',
              scopes: { read: 'Read' },
            },
          },
        },
        rawAuthCredential: {
          authType: 'oauth2',
          oauth2: { clientId: '${OAUTH2_CLIENT_ID}', clientSecret: '${OAUTH2_CLIENT_SECRET}' },
        },
      },
      execute: ({ city }, _context, credential) => ({ city, token: credential.oauth2.accessToken }),
    }),
  ],
});
`;
}

let server: OAuth2Server;
let agentsDir: string;

beforeEach(async () => {
  server = await startOAuth2Server();
  agentsDir = await createAgentsDir({ orders_app: oauthAgent(server) });
});

afterEach(async () => {
  await server.close();
  await rm(path.dirname(agentsDir), { recursive: true, force: true });
});

describe('adk run: OAuth2 sign-in end to end', () => {
  it('prints the URI, reads the redirected address, exchanges the code and runs the tool with the token', async () => {
    const cli = startCli(['run', 'orders_app', '--in_memory'], { cwd: agentsDir });
    cli.child.stdin.write('weather Lisbon\n');
    const [, authUri] = await cli.waitForOutput(/redirected to:\n(\S+)\n/, 60_000);
    expect(authUri).toContain('redirect_uri=http%3A%2F%2Flocalhost%3A8000%2Fcallback');
    expect(authUri).not.toContain(OAUTH2_CLIENT_SECRET);

    const redirected = await signIn(authUri!);
    cli.child.stdin.write(`${redirected}\n`);
    const [, token] = await cli.waitForOutput(
      /tool get_weather returned \{"city":"Lisbon","token":"([^"]+)"\}/,
    );
    cli.child.stdin.end('exit\n');
    const result = await cli.exited;

    expect(result.code).toBe(0);
    expect(server.accessTokenIsValid(token)).toBe(true);
    expect(server.grantsIssued).toEqual({ authorization_code: 1 });
    const exchange = server.requests.find((request) => request.url === '/token');
    expect(exchange?.form).toMatchObject({
      grant_type: 'authorization_code',
      redirect_uri: 'http://localhost:8000/callback',
    });
    expect(result.stdout).not.toContain(OAUTH2_CLIENT_SECRET);
    expect(result.stdout).not.toContain(new URL(redirected).searchParams.get('code'));
  });
});
