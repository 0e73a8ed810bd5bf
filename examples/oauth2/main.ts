/**
 * OAuth2: an `AuthenticatedFunctionTool` calls an API protected by the OAuth2
 * authorization code flow. The first call asks the client to sign the user in
 * (`adk_request_credential` carries the authorization URI, never the client
 * secret); the client answers with the URI the user was sent back to; ADK
 * exchanges the code for tokens, saves them with the credential service, and
 * the tool runs. Later, the expired token is refreshed without asking again.
 * The identity provider and the API run locally (local-oauth2-server.ts), and
 * this script plays the user's browser.
 *
 * Run: npx tsx examples/oauth2/main.ts
 */
import {
  AuthenticatedFunctionTool,
  AuthToolArguments,
  InMemoryCredentialService,
  InMemorySessionService,
  LlmAgent,
  Runner,
  type Content,
} from '@adk-ts/adk';
import { ScriptedLlm, functionCallResponse, textResponse } from '@adk-ts/adk/testing';
import { z } from 'zod';
import { CLIENT_ID, CLIENT_SECRET, startLocalOAuth2Server } from './local-oauth2-server.js';

const idp = await startLocalOAuth2Server();
const REDIRECT_URI = 'http://127.0.0.1:8000/oauth/callback';

const listOrders = new AuthenticatedFunctionTool({
  name: 'list_orders',
  description: 'Lists the orders of the signed-in user.',
  parameters: z.object({}),
  authConfig: {
    authScheme: {
      type: 'oauth2',
      flows: {
        authorizationCode: {
          authorizationUrl: `${idp.base}/authorize`,
          tokenUrl: `${idp.base}/token`,
          scopes: { orders: 'Read your orders' },
        },
      },
    },
    rawAuthCredential: {
      authType: 'oauth2',
      oauth2: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUri: REDIRECT_URI },
    },
  },
  execute: async (_args, _context, credential) => {
    const response = await fetch(`${idp.base}/orders`, {
      headers: { authorization: `Bearer ${credential?.oauth2?.accessToken}` },
    });
    return { status: response.status, orders: (await response.json()) as unknown };
  },
});

const agent = new LlmAgent({
  name: 'shop',
  model: new ScriptedLlm({
    responses: [
      functionCallResponse('list_orders', {}),
      textResponse('Please sign in.'),
      textResponse('Your dog food has shipped.'),
      functionCallResponse('list_orders', {}),
      textResponse('Still shipped.'),
    ],
  }),
  tools: [listOrders],
});
const runner = new Runner({
  appName: 'shop_app',
  agent,
  sessionService: new InMemorySessionService(),
  credentialService: new InMemoryCredentialService(),
});
const session = await runner.sessionService.createSession({ appName: 'shop_app', userId: 'ada' });

/** Runs one turn, prints it, and returns the credential request it made, if any. */
async function turn(newMessage: Content) {
  let request: { id: string; args: AuthToolArguments } | undefined;
  for await (const event of runner.runAsync({ userId: 'ada', sessionId: session.id, newMessage })) {
    for (const part of event.content?.parts ?? []) {
      const call = part.functionCall;
      if (call) console.log(`${event.author}: calls ${call.name}`);
      if (call?.name === 'adk_request_credential') {
        request = { id: call.id!, args: AuthToolArguments.parse(call.args) };
      }
      if (part.functionResponse) {
        console.log(`${event.author}: ${JSON.stringify(part.functionResponse.response)}`);
      }
      if (part.text) console.log(`${event.author}: ${part.text}`);
    }
  }
  return request;
}

console.log('-- turn 1: the tool needs the user to sign in --');
const request = await turn({ role: 'user', parts: [{ text: 'Where are my orders?' }] });
const asked = request!.args.authConfig.exchangedAuthCredential!.oauth2!;
const authUri = new URL(asked.authUri!);
console.log(
  `sign in at ${authUri.origin === idp.base ? '<idp>' : authUri.origin}${authUri.pathname}`,
);
console.log(
  `client secret sent to the client: ${JSON.stringify(request!.args).includes(CLIENT_SECRET)}`,
);

// The browser: follow the authorization URI; the provider sends the user back with a code.
const signedIn = await fetch(authUri, { redirect: 'manual' });
const authResponseUri = signedIn.headers.get('location')!;

console.log('-- turn 2: the client answers; the code is exchanged and the tool runs --');
await turn({
  role: 'user',
  parts: [
    {
      functionResponse: {
        id: request!.id,
        name: 'adk_request_credential',
        response: {
          ...request!.args.authConfig,
          exchangedAuthCredential: {
            ...request!.args.authConfig.exchangedAuthCredential,
            oauth2: { ...asked, authResponseUri, redirectUri: REDIRECT_URI },
          },
        },
      },
    },
  ],
});

console.log('-- turn 3: the token has expired; it is refreshed without asking --');
idp.expireAccessTokens();
await turn({ role: 'user', parts: [{ text: 'And now?' }] });
console.log(`token grants: ${JSON.stringify(idp.grants)}`);
await idp.close();
