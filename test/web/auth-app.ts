import { z } from 'zod';
import {
  AuthenticatedFunctionTool,
  type BaseTool,
  LlmAgent,
  type AuthConfigInput,
  type Content,
  type LlmRequest,
  type LlmResponse,
} from '../../src/index.js';
import { ScriptedLlm, functionCallResponse, textResponse } from '../../src/testing/index.js';

/**
 * The app of the dev UI credential tests: `auth_app`, whose scripted model
 * calls a tool that needs a credential, says it waits while the tool's
 * answer is pending, and reports what the tool returned once it ran:
 * - "report" → `get_report`, which needs an API key (header `X-Api-Key`);
 * - "token" → `get_balance`, which needs an HTTP bearer token;
 * - "profile" → `get_profile`, which needs an OAuth2 sign-in (only when the
 *   app is given an OAuth2 server) and calls `profileUrl` with the token.
 */

/** The name the tests serve the app under. */
export const AUTH_APP_NAME = 'auth_app';
/** What the model says while a tool waits for the user's credential. */
export const WAITING_TEXT = 'I need your credential to go on.';
/** The prefix of the model's answer once a tool ran. */
export const TOOL_RAN_PREFIX = 'The tool answered: ';

/** Where the OAuth2 tool signs in and what it calls with the token. */
export interface AuthAppOAuth2 {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  clientId: string;
  clientSecret: string;
  /** A GET endpoint that answers JSON to a valid `Authorization: Bearer` token. */
  profileUrl: string;
}

/** The app and what its tools saw. */
export interface AuthApp {
  readonly rootAgent: LlmAgent;
  /** The API keys `get_report` ran with. */
  readonly apiKeys: string[];
  /** The bearer tokens `get_balance` ran with. */
  readonly bearerTokens: string[];
  /** The OAuth2 access tokens `get_profile` ran with. */
  readonly accessTokens: string[];
}

function lastContent(request: LlmRequest): Content | undefined {
  return request.contents.at(-1);
}

const PENDING = 'Pending User Authorization.';

function decide(request: LlmRequest): LlmResponse {
  const parts = lastContent(request)?.parts ?? [];
  const answered = parts.find((part) => part.functionResponse)?.functionResponse;
  if (answered) {
    if (JSON.stringify(answered.response ?? {}).includes(PENDING))
      return textResponse(WAITING_TEXT);
    return textResponse(`${TOOL_RAN_PREFIX}${JSON.stringify(answered.response)}`);
  }
  const text = parts.map((part) => part.text ?? '').join('');
  if (/report/i.test(text)) return functionCallResponse('get_report', { topic: 'uptime' });
  if (/token/i.test(text)) return functionCallResponse('get_balance', { account: 'main' });
  if (/profile/i.test(text)) return functionCallResponse('get_profile', {});
  return textResponse(`Echo: ${text}`);
}

/** Builds a fresh `auth_app`; the OAuth2 tool is there only when `oauth2` is given. */
export function createAuthApp(oauth2?: AuthAppOAuth2): AuthApp {
  const apiKeys: string[] = [];
  const bearerTokens: string[] = [];
  const accessTokens: string[] = [];

  const apiKeyConfig: AuthConfigInput = {
    authScheme: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
    rawAuthCredential: { authType: 'apiKey' },
  };
  const getReport = new AuthenticatedFunctionTool({
    name: 'get_report',
    description: 'Reads a report from the report service.',
    parameters: z.object({ topic: z.string() }),
    authConfig: apiKeyConfig,
    execute: ({ topic }, _context, credential) => {
      apiKeys.push(credential?.apiKey ?? '');
      return { topic, report: 'all systems nominal' };
    },
  });

  const getBalance = new AuthenticatedFunctionTool({
    name: 'get_balance',
    description: 'Reads an account balance.',
    parameters: z.object({ account: z.string() }),
    authConfig: {
      authScheme: { type: 'http', scheme: 'bearer' },
      rawAuthCredential: { authType: 'http', http: { scheme: 'bearer', credentials: {} } },
    },
    execute: ({ account }, _context, credential) => {
      bearerTokens.push(credential?.http?.credentials.token ?? '');
      return { account, balance: 42 };
    },
  });

  const tools: BaseTool[] = [getReport, getBalance];
  if (oauth2) {
    tools.push(
      new AuthenticatedFunctionTool({
        name: 'get_profile',
        description: 'Reads the signed-in user profile.',
        parameters: z.object({}),
        authConfig: {
          authScheme: {
            type: 'oauth2',
            flows: {
              authorizationCode: {
                authorizationUrl: oauth2.authorizationEndpoint,
                tokenUrl: oauth2.tokenEndpoint,
                scopes: { profile: 'Read the profile' },
              },
            },
          },
          rawAuthCredential: {
            authType: 'oauth2',
            oauth2: { clientId: oauth2.clientId, clientSecret: oauth2.clientSecret },
          },
        },
        execute: async (_args, _context, credential) => {
          const token = credential?.oauth2?.accessToken ?? '';
          accessTokens.push(token);
          const response = await fetch(oauth2.profileUrl, {
            headers: { authorization: `Bearer ${token}` },
          });
          return { status: response.status, profile: await response.json() };
        },
      }),
    );
  }

  const rootAgent = new LlmAgent({
    name: 'auth_agent',
    description: 'A scripted agent whose tools need credentials.',
    model: new ScriptedLlm({ responses: (request) => decide(request) }),
    instruction: 'Help the user.',
    tools,
  });
  return { rootAgent, apiKeys, bearerTokens, accessTokens };
}
