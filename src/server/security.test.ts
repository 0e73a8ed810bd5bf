import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { BaseAgent } from '../agents/base-agent.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { App } from '../runner/app.js';
import { InMemorySessionService } from '../sessions/in-memory-session-service.js';
import { ScriptedAgent, modelText } from '../testing/test-agents.js';
import { setLogger } from '../utils/logger.js';
import type { AgentLoader } from './agent-loader.js';
import { createApiServer } from './create-api-server.js';
import { isLoopbackHost, OriginPolicy } from './origin-policy.js';
import {
  serveApiServer,
  type ApiServerHandle,
  type ServeApiServerOptions,
} from './serve-api-server.js';
import { StaticAgentLoader } from './static-agent-loader.js';

// Security defaults of ARCHITECTURE.md §6 and adk-python's _OriginCheckMiddleware / CORS setup.

const servers: ApiServerHandle[] = [];

async function start(options: Partial<ServeApiServerOptions> = {}): Promise<ApiServerHandle> {
  const server = await serveApiServer({
    port: 0,
    agentLoader: new StaticAgentLoader({
      apps: {
        echo: new ScriptedAgent({ name: 'echo_agent', steps: [{ content: modelText('hi') }] }),
      },
    }),
    sessionService: new InMemorySessionService(),
    ...options,
  });
  servers.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const createSession = (server: ApiServerHandle, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/apps/echo/users/u/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: '{}',
  });

/** A raw HTTP request, so the test can send any Host header (fetch cannot). */
function rawRequest(
  server: ApiServerHandle,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port: server.port, path, method: 'GET', headers },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('serveApiServer binds loopback by default (ARCHITECTURE §6)', () => {
  it('listens on 127.0.0.1', async () => {
    const server = await start();
    expect(server.host).toBe('127.0.0.1');
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(server.httpServer.address()).toMatchObject({ address: '127.0.0.1' });
  });

  it('rejects when the port is taken', async () => {
    const server = await start();
    await expect(start({ port: server.port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});

describe('origin check: 403 for cross-origin non-GET requests (reference §2, _OriginCheckMiddleware)', () => {
  it('refuses a POST from another origin, and does not run the route', async () => {
    const server = await start();
    const reply = await createSession(server, { origin: 'http://evil.example' });
    expect(reply.status).toBe(403);
    expect(await reply.json()).toEqual({ detail: 'Forbidden: origin not allowed' });
    const list = await fetch(`${server.url}/apps/echo/users/u/sessions`);
    expect(await list.json()).toEqual([]);
  });

  it('lets through requests without an Origin and same-origin requests', async () => {
    const server = await start();
    expect((await createSession(server)).status).toBe(200);
    expect((await createSession(server, { origin: server.url })).status).toBe(200);
  });

  it('lets a cross-origin GET through, without CORS headers when none are configured', async () => {
    const server = await start();
    const reply = await fetch(`${server.url}/list-apps`, {
      headers: { origin: 'http://evil.example' },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses /run_sse from another origin before anything runs', async () => {
    const server = await start();
    const reply = await fetch(`${server.url}/run_sse`, {
      method: 'POST',
      headers: { origin: 'http://evil.example' },
      body: JSON.stringify({ appName: 'echo', userId: 'u', sessionId: 's' }),
    });
    expect(reply.status).toBe(403);
  });
});

describe('CORS for allowOrigins (Python --allow_origins: literals, *, regex:)', () => {
  it('a listed origin may write and gets its origin echoed with credentials', async () => {
    const server = await start({ allowOrigins: ['http://app.example'] });
    const reply = await createSession(server, { origin: 'http://app.example' });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('access-control-allow-origin')).toBe('http://app.example');
    expect(reply.headers.get('access-control-allow-credentials')).toBe('true');
    expect((await createSession(server, { origin: 'http://other.example' })).status).toBe(403);
  });

  it('answers a preflight for a listed origin with the methods and the requested headers', async () => {
    const server = await start({ allowOrigins: ['http://app.example'] });
    const reply = await fetch(`${server.url}/run_sse`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-trace',
      },
    });
    expect(reply.status).toBe(204);
    expect(reply.headers.get('access-control-allow-origin')).toBe('http://app.example');
    expect(reply.headers.get('access-control-allow-methods')).toContain('POST');
    expect(reply.headers.get('access-control-allow-headers')).toBe('content-type,x-trace');
  });

  it('a preflight from an unlisted origin gets no allow-origin header', async () => {
    const server = await start({ allowOrigins: ['http://app.example'] });
    const reply = await fetch(`${server.url}/run_sse`, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(reply.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('regex: entries match the whole origin', async () => {
    const server = await start({ allowOrigins: ['regex:https://[a-z]+\\.example\\.com'] });
    expect((await createSession(server, { origin: 'https://ui.example.com' })).status).toBe(200);
    expect((await createSession(server, { origin: 'https://ui.example.com.evil' })).status).toBe(
      403,
    );
  });

  it('* allows every origin', async () => {
    const server = await start({ allowOrigins: ['*'] });
    const reply = await createSession(server, { origin: 'http://anywhere.example' });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('access-control-allow-origin')).toBe('http://anywhere.example');
  });

  it('an invalid regex: entry is refused when the server is built', () => {
    expect(() =>
      createApiServer({
        agentLoader: new StaticAgentLoader({ apps: {} }),
        sessionService: new InMemorySessionService(),
        allowOrigins: ['regex:(unclosed'],
      }),
    ).toThrow(InvalidArgumentError);
  });
});

describe('DNS-rebinding guard on a loopback bind (adk-python _is_dns_rebinding_request)', () => {
  it('refuses any request, GET included, whose Host names another host', async () => {
    const server = await start();
    const rebound = await rawRequest(server, '/apps/echo/users/u/sessions', {
      host: `evil.example:${server.port}`,
    });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body)).toEqual({ detail: 'Forbidden: host not allowed' });
    expect((await rawRequest(server, '/health', { host: `localhost:${server.port}` })).status).toBe(
      200,
    );
  });

  it('accepts the host of a listed origin, and any host with *', async () => {
    const listed = await start({ allowOrigins: ['https://proxy.example'] });
    expect((await rawRequest(listed, '/health', { host: 'proxy.example' })).status).toBe(200);
    expect((await rawRequest(listed, '/health', { host: 'other.example' })).status).toBe(403);
    const open = await start({ allowOrigins: ['*'] });
    expect((await rawRequest(open, '/health', { host: 'other.example' })).status).toBe(200);
  });

  it('loopback host names: localhost, 127.0.0.0/8 and ::1, with ports; nothing that only looks like them', () => {
    for (const host of [
      'localhost',
      'LOCALHOST.',
      '127.0.0.1:8000',
      '127.9.9.9',
      '[::1]:80',
      '::1',
    ]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of [
      '127.0.0.1.evil.com',
      '127.0.0.1:8000.evil.com',
      'localhost.evil',
      '10.0.0.1',
      '[::2]',
    ]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
    const policy = new OriginPolicy([]);
    expect(policy.allowsHost('evil.example', '0.0.0.0')).toBe(true);
    expect(policy.allowsHost('127.0.0.1, evil.example', '127.0.0.1')).toBe(false);
  });
});

describe('body limit and failures (ARCHITECTURE §6: typed 4xx, never a 5xx for bad input)', () => {
  it('a body over the limit gets 413 before it is parsed', async () => {
    const server = await start({ bodyLimit: 1024 });
    const reply = await fetch(`${server.url}/apps/echo/users/u/sessions`, {
      method: 'POST',
      body: JSON.stringify({ state: { blob: 'x'.repeat(2048) } }),
    });
    expect(reply.status).toBe(413);
    expect(await reply.json()).toEqual({ detail: 'Request body too large: limit is 1024 bytes' });
    // A chunked body without a length is counted as it streams.
    const chunked = await fetch(`${server.url}/apps/echo/users/u/sessions`, {
      method: 'POST',
      body: new Blob(['{"state":{"blob":"', 'y'.repeat(4096), '"}}']).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  it('an unexpected failure is a generic 500 that does not leak its message', async () => {
    const leaky: AgentLoader = {
      listApps: () => Promise.resolve(['broken']),
      loadApp: (): Promise<App | BaseAgent> =>
        Promise.reject(new Error('connect postgres://admin:s3cret@db/prod failed')),
    };
    const logged: unknown[] = [];
    setLogger({
      debug: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      error: (...record) => void logged.push(record),
    });
    try {
      const server = await start({ agentLoader: leaky });
      const reply = await fetch(`${server.url}/run`, {
        method: 'POST',
        body: JSON.stringify({ appName: 'broken', userId: 'u', sessionId: 's' }),
      });
      expect(reply.status).toBe(500);
      const text = await reply.text();
      const requestId = reply.headers.get('x-request-id');
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.parse(text)).toEqual({ detail: 'Internal Server Error', requestId });
      expect(text).not.toContain('s3cret');
      expect(JSON.stringify(logged)).toContain(`POST /run failed (request ${requestId}).`);
      expect(logged).toEqual([
        [
          `POST /run failed (request ${requestId}).`,
          expect.objectContaining({ message: 'connect postgres://admin:s3cret@db/prod failed' }),
        ],
      ]);
    } finally {
      setLogger();
    }
  });

  it('exposeErrorMessages sends the message of an unexpected failure', async () => {
    const leaky: AgentLoader = {
      listApps: () => Promise.resolve([]),
      loadApp: () => Promise.reject(new Error('agent.ts: SyntaxError at line 3')),
    };
    setLogger({
      debug: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      error: () => undefined,
    });
    try {
      const server = await start({ agentLoader: leaky, exposeErrorMessages: true });
      const reply = await fetch(`${server.url}/run`, {
        method: 'POST',
        body: JSON.stringify({ appName: 'broken', userId: 'u', sessionId: 's' }),
      });
      expect(reply.status).toBe(500);
      expect(await reply.json()).toEqual({
        detail: 'agent.ts: SyntaxError at line 3',
        requestId: reply.headers.get('x-request-id'),
      });
    } finally {
      setLogger();
    }
  });

  it.each([
    ['a JSON array body', '[]'],
    ['a JSON string body', '"hello"'],
    ['a number for userId', '{"appName":"echo","userId":5,"sessionId":"s"}'],
    [
      'a string for newMessage',
      '{"appName":"echo","userId":"u","sessionId":"s","newMessage":"hi"}',
    ],
    [
      'parts that are not objects',
      '{"appName":"echo","userId":"u","sessionId":"s","newMessage":{"parts":[1]}}',
    ],
    ['__proto__ keys', '{"__proto__":{"userId":"u"},"appName":"echo","sessionId":"s"}'],
  ])('/run with %s is a 422, not a crash', async (_what, body) => {
    const server = await start();
    const reply = await fetch(`${server.url}/run`, { method: 'POST', body });
    expect(reply.status).toBe(422);
    expect(await reply.json()).toHaveProperty('detail');
  });

  it('invalid createApiServer options are refused with InvalidArgumentError', () => {
    const base = {
      agentLoader: new StaticAgentLoader({ apps: {} }),
      sessionService: new InMemorySessionService(),
    };
    expect(() => createApiServer({ ...base, urlPrefix: 'adk/' })).toThrow(InvalidArgumentError);
    expect(() => createApiServer({ ...base, bodyLimit: 0 })).toThrow(InvalidArgumentError);
  });
});
