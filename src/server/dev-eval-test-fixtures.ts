import { expect } from 'vitest';
import type { ApiServerHandle } from './serve-api-server.js';

/** Sends a request (its body as JSON, when given) to a served API server. */
export type CallServer = (method: string, route: string, body?: unknown) => Promise<Response>;

/** A `CallServer` for the server `server()` returns when it is called (set in `beforeAll`). */
export function callerOf(server: () => ApiServerHandle): CallServer {
  return (method, route, body) =>
    fetch(`${server().url}${route}`, {
      method,
      ...(body === undefined
        ? {}
        : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
}

/**
 * Creates the empty eval set `evalSetId` of `appName`, deletes it (200), and
 * expects it gone: reading it and deleting it again are 404.
 */
export async function expectEvalSetDeletion(
  call: CallServer,
  appName: string,
  evalSetId: string,
): Promise<void> {
  await call('POST', `/dev/apps/${appName}/eval-sets`, {
    eval_set: { eval_set_id: evalSetId, eval_cases: [] },
  });
  const route = `/dev/apps/${appName}/eval-sets/${evalSetId}`;
  expect((await call('DELETE', route)).status).toBe(200);
  expect((await call('GET', route)).status).toBe(404);
  expect((await call('DELETE', route)).status).toBe(404);
}
