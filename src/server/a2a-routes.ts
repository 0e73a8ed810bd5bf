import type { Context, Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { A2A_VERSION_HEADER, type A2aEndpoint } from '../a2a/a2a-endpoint.js';

/** Path of the agent card under an A2A endpoint (A2A's well-known location). */
export const AGENT_CARD_PATH = '/.well-known/agent-card.json';

/**
 * Serves an A2A endpoint on a hono app under `base` (`''` for the root):
 * `GET <base>/.well-known/agent-card.json` gives the card (0.3 form unless
 * the caller sends `A2A-Version: 1.0`), `POST <base>`
 * (and `<base>/`) takes JSON-RPC; `endpointFor` is the endpoint or gives it
 * for a request (per app, from path parameters) and answers JSON, or an SSE stream of
 * `data: <json>` frames for the streaming methods. A body that is not JSON
 * gets the JSON-RPC parse error (-32700).
 */
export function registerA2aRoutes(
  app: Hono,
  base: string,
  endpointFor: A2aEndpoint | ((context: Context) => Promise<A2aEndpoint>),
): void {
  const resolve = (context: Context) =>
    typeof endpointFor === 'function' ? endpointFor(context) : Promise.resolve(endpointFor);
  app.get(`${base}${AGENT_CARD_PATH}`, async (context) => {
    const endpoint = await resolve(context);
    context.header('Vary', A2A_VERSION_HEADER);
    return context.json(await endpoint.agentCardJson(context.req.header(A2A_VERSION_HEADER)));
  });
  const rpc = async (context: Context) => {
    const endpoint = await resolve(context);
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
