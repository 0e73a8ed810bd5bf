import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/*
 * A streamable-HTTP MCP server on 127.0.0.1 that wants a credential in a
 * header: requests without an accepted `header` value get 401 before any MCP message is
 * read. It serves one tool, `whoami`, which answers with the credential the
 * call came with. Stateless: each request is handled by a fresh server.
 */

/** A running auth-checking MCP server. */
export interface AuthMcpServer {
  /** The MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
  readonly url: string;
  /** The headers of every request, accepted or not, in order. */
  readonly requests: IncomingHttpHeaders[];
  /** How many requests were refused (401). */
  refused(): number;
  /** Lets the process exit while the server still listens (for a CLI run that never stops it). */
  unref(): void;
  stop(): Promise<void>;
}

/** Starts a server that accepts requests whose `header` (lower case) is one of `accepted`. */
export async function startAuthMcpServer(
  header: string,
  ...accepted: string[]
): Promise<AuthMcpServer> {
  const requests: IncomingHttpHeaders[] = [];
  let refused = 0;
  const http: Server = createServer((req, res) => {
    requests.push(req.headers);
    const value = req.headers[header];
    if (typeof value !== 'string' || !accepted.includes(value)) {
      refused += 1;
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
      return;
    }
    const server = new McpServer({ name: 'auth-test', version: '1.0.0' });
    server.registerTool(
      'whoami',
      { description: 'Tells which credential the call came with.' },
      (extra) => ({
        content: [{ type: 'text', text: String(extra.requestInfo?.headers[header] ?? '') }],
      }),
    );
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    server
      .connect(transport)
      .then(() => transport.handleRequest(req, res))
      .catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
      });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    requests,
    refused: () => refused,
    unref: () => {
      http.unref();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
