import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DefaultRequestHandler, InMemoryTaskStore, UnauthenticatedUser } from '@a2a-js/sdk/server';
import { defaultServerCallContextBuilder } from '@a2a-js/sdk/server';
import { LegacyJsonRpcTransportHandler } from '@a2a-js/sdk/compat/v0_3/server';
import { buildAgentCard } from '../a2a/agent-card-builder.js';
import { A2aAgentExecutor } from '../a2a/executor/a2a-agent-executor.js';
import type { LegacyAgentCardJson } from '../a2a/legacy-agent-card.js';
import type { BaseAgent } from '../agents/base-agent.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';

/** One JSON-RPC call a `LegacyA2aServer` received. */
export interface ReceivedLegacyCall {
  method: unknown;
  /** `params.message.contextId` of the call, when it has one. */
  contextId: unknown;
}

/** A running A2A 0.3-only server (see `startLegacyA2aServer`). */
export interface LegacyA2aServer {
  readonly url: string;
  /** The 0.3 card it serves, in the form adk-python serves. */
  readonly card: LegacyAgentCardJson;
  /** Every JSON-RPC call, in order. */
  readonly calls: ReceivedLegacyCall[];
  /** The `A2A-Version` header of every card request ('' when absent). */
  readonly cardRequestVersions: string[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Serves `agent` the way adk-python, adk-go and adk-java do: A2A 0.3 only.
 * `GET /.well-known/agent-card.json` always answers the 0.3 card (`url`,
 * `preferredTransport`, `protocolVersion` 0.3.0), whatever `A2A-Version`
 * the caller sends; `POST /` goes to the SDK's 0.3 JSON-RPC handler alone,
 * so a 1.0 method (`SendMessage`) gets "method not found". Runs on an
 * `A2aAgentExecutor` over an in-memory runner; node:http on 127.0.0.1,
 * port 0.
 */
export async function startLegacyA2aServer(
  agent: BaseAgent,
  { streaming }: { streaming: boolean },
): Promise<LegacyA2aServer> {
  const calls: ReceivedLegacyCall[] = [];
  const cardRequestVersions: string[] = [];
  const late: { card?: LegacyAgentCardJson; handler?: LegacyJsonRpcTransportHandler } = {};
  const server: Server = createServer((request, response) => {
    void (async () => {
      if (request.method === 'GET' && request.url === '/.well-known/agent-card.json') {
        cardRequestVersions.push(String(request.headers['a2a-version'] ?? ''));
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(late.card));
        return;
      }
      if (request.method !== 'POST' || request.url !== '/') {
        response.writeHead(404).end();
        return;
      }
      const body = JSON.parse(await readBody(request)) as {
        method?: unknown;
        params?: { message?: { contextId?: unknown } };
      };
      calls.push({ method: body.method, contextId: body.params?.message?.contextId });
      const context = defaultServerCallContextBuilder({
        extensions: undefined,
        user: new UnauthenticatedUser(),
        headers: {},
        requestedVersion: undefined,
      });
      const result = await late.handler!.handle(body, context);
      if (Symbol.asyncIterator in result) {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        for await (const frame of result) response.write(`data: ${JSON.stringify(frame)}\n\n`);
        response.end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(result));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const runner = new InMemoryRunner({ agent, appName: agent.name });
  const requestHandler = new DefaultRequestHandler(
    await buildAgentCard(agent, { rpcUrl: `${url}/`, capabilities: { streaming } }),
    new InMemoryTaskStore(),
    new A2aAgentExecutor({ runner }),
  );
  late.handler = new LegacyJsonRpcTransportHandler(requestHandler);
  // A card in the form adk-python serves (0.3 JSON); without streaming its capabilities are empty.
  late.card = {
    capabilities: streaming ? { streaming: true } : {},
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    description: agent.description,
    name: agent.name,
    preferredTransport: 'JSONRPC',
    protocolVersion: '0.3.0',
    skills: [{ description: agent.description, id: agent.name, name: 'model', tags: ['llm'] }],
    supportsAuthenticatedExtendedCard: false,
    url: `${url}/`,
    version: '0.0.1',
  };
  return {
    url,
    card: late.card,
    calls,
    cardRequestVersions,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
