import type { Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { A2aEndpoint } from '../a2a/a2a-endpoint.js';

/** Path of the agent card under an A2A endpoint (A2A's well-known location). */
export const AGENT_CARD_PATH = '/.well-known/agent-card.json';

/**
 * Serves an A2A endpoint on a hono app under `base` (`''` for the root):
 * `GET <base>/.well-known/agent-card.json` gives the card, `POST <base>`
 * (and `<base>/`) takes JSON-RPC and answers JSON, or an SSE stream of
 * `data: <json>` frames for the streaming methods. A body that is not JSON
 * gets the JSON-RPC parse error (-32700).
 */
export function registerA2aRoutes(app: Hono, base: string, endpoint: A2aEndpoint): void {
  app.get(`${base}${AGENT_CARD_PATH}`, async (context) => context.json(await endpoint.agentCard()));
  const rpc = async (context: Context) => {
    let body: unknown;
    try {
      body = await context.req.json();
    } catch {
      return context.json(
        {
          jsonrpc: '2.0',
          id: null,
          error: { code: -32700, message: 'Parse error: the body is not JSON.' },
        },
        200,
      );
    }
    const result = await endpoint.handle({ body, headers: context.req.header() });
    if (result.kind === 'json') return context.json(result.body as object);
    return streamSSE(context, async (stream) => {
      for await (const event of result.events) {
        await stream.writeSSE({ data: JSON.stringify(event) });
      }
    });
  };
  app.post(base || '/', rpc);
  if (base) app.post(`${base}/`, rpc);
}
