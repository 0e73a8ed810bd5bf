/**
 * Serves the prime checker over A2A until Ctrl-C (docs/a2a.md):
 *
 *   npx tsx examples/a2a/server.ts [port]     (default 8001)
 *
 * Card: http://127.0.0.1:<port>/.well-known/agent-card.json; JSON-RPC at /.
 */
import { createAdaptorServer } from '@hono/node-server';
import { toA2a } from '@adk-ts/adk/a2a';
import { primeAgent } from './prime-agent.js';

const port = Number(process.argv[2] ?? 8001);
const { app } = toA2a(primeAgent(), { host: '127.0.0.1', port, bindHost: '127.0.0.1' });
const server = createAdaptorServer({ fetch: app.fetch });
server.listen(port, '127.0.0.1', () => {
  console.log(`A2A prime checker at http://127.0.0.1:${port}/`);
});
process.once('SIGINT', () => server.close());
process.once('SIGTERM', () => server.close());
