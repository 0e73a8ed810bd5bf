/**
 * Serves the prime checker over A2A until Ctrl-C (docs/a2a.md):
 *
 *   npx tsx examples/a2a/server.ts [port]     (default 8001; 0 picks a free one)
 *
 * Card: http://127.0.0.1:<port>/.well-known/agent-card.json; JSON-RPC at /.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { toA2a } from '@adk-ts/adk/a2a';
import { primeAgent } from './prime-agent.js';

// The card names the endpoint's URL, so the app is built once the port is known.
const late: { fetch?: (request: Request) => Response | Promise<Response> } = {};
const server = createAdaptorServer({ fetch: (request: Request) => late.fetch!(request) }) as Server;
await new Promise<void>((resolve) =>
  server.listen(Number(process.argv[2] ?? 8001), '127.0.0.1', resolve),
);
const port = (server.address() as AddressInfo).port;
late.fetch = toA2a(primeAgent(), { host: '127.0.0.1', port, bindHost: '127.0.0.1' }).app.fetch;
console.log(`A2A prime checker at http://127.0.0.1:${port}/`);
process.once('SIGINT', () => server.close());
process.once('SIGTERM', () => server.close());
