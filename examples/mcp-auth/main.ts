/**
 * An MCP toolset whose server wants an API key in the `X-Api-Key` header.
 * The toolset is configured with the scheme but no key, so before its tools
 * are listed the agent asks the client for the key (toolset auth,
 * `adk_request_credential` with call id `_adk_toolset_auth_…`) and stops.
 * The client answers; the next turn lists the tools with the key and calls
 * one. The server is a small streamable-HTTP MCP server in this process on
 * 127.0.0.1, refusing every request without the key; the model is scripted.
 *
 * Run: npx tsx examples/mcp-auth/main.ts
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  InMemoryCredentialService,
  InMemorySessionService,
  LlmAgent,
  McpToolset,
  Runner,
  type Content,
  type Event,
  type FunctionCall,
  type LlmRequest,
} from '@adk-ts/adk';
import { ScriptedLlm, functionCallResponse, textResponse } from '@adk-ts/adk/testing';

const API_KEY = 'demo-key-42';

// The MCP server: one tool, `balance`; 401 for any request without the key.
const http = createServer((req, res) => {
  if (req.headers['x-api-key'] !== API_KEY) {
    console.log(`server: refused ${req.method} without the key`);
    res.writeHead(401).end();
    return;
  }
  const server = new McpServer({ name: 'bank', version: '1.0.0' });
  server.registerTool('balance', { description: 'The account balance.' }, () => ({
    content: [{ type: 'text', text: '1024 EUR' }],
  }));
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on('close', () => void server.close());
  void server.connect(transport).then(() => transport.handleRequest(req, res));
});
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;

const bank = new McpToolset({
  connectionParams: { type: 'StreamableHTTPConnectionParams', url },
  authScheme: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
  authCredential: { authType: 'apiKey' }, // no key: the user gives it
});

// No tool result yet → call balance; otherwise answer with what it returned.
const model = new ScriptedLlm({
  model: 'scripted-bank',
  responses: (request: LlmRequest) => {
    const result = request.contents.at(-1)?.parts?.find((part) => part.functionResponse);
    if (!result) return functionCallResponse('balance', {});
    const text = JSON.stringify(result.functionResponse?.response);
    return textResponse(`Your balance: ${text}`);
  },
});
const agent = new LlmAgent({ name: 'banker', model, tools: [bank] });
const runner = new Runner({
  appName: 'bank',
  agent,
  sessionService: new InMemorySessionService(),
  // Keeps the key for later turns of this user.
  credentialService: new InMemoryCredentialService(),
});
const session = await runner.sessionService.createSession({ appName: 'bank', userId: 'ada' });

async function turn(newMessage: Content): Promise<Event[]> {
  const events: Event[] = [];
  for await (const event of runner.runAsync({ userId: 'ada', sessionId: session.id, newMessage })) {
    for (const part of event.content?.parts ?? []) {
      if (part.text) console.log(`${event.author}: ${part.text}`);
      if (part.functionCall) console.log(`${event.author}: calls ${part.functionCall.name}`);
    }
    events.push(event);
  }
  return events;
}

console.log('-- turn 1 --');
const first = await turn({ role: 'user', parts: [{ text: 'What is my balance?' }] });
const request = first
  .flatMap((event) => event.content?.parts ?? [])
  .map((part) => part.functionCall)
  .find((call): call is FunctionCall => call?.name === 'adk_request_credential')!;
const args = request.args as { functionCallId: string; authConfig: Record<string, unknown> };
console.log(`client: asked for a credential (${args.functionCallId.slice(0, 18)}…)`);

console.log('-- turn 2: the client answers with the key --');
await turn({
  role: 'user',
  parts: [
    {
      functionResponse: {
        id: request.id!,
        name: 'adk_request_credential',
        response: {
          ...args.authConfig,
          exchangedAuthCredential: { authType: 'apiKey', apiKey: API_KEY },
        },
      },
    },
  ],
});

console.log('-- turn 3: the credential service has the key --');
await turn({ role: 'user', parts: [{ text: 'And now?' }] });

await runner.close();
http.closeAllConnections();
http.close();
