import { describe, expect, it } from 'vitest';
import { DatabaseSessionService } from '../sessions/database/database-session-service.js';
import { TEST_POSTGRES_URL } from '../testing/sql-test-databases.js';
import { setLogger } from '../utils/logger.js';
import { serveApiServer } from './serve-api-server.js';
import { StaticAgentLoader } from './static-agent-loader.js';

describe('what a 500 reveals (issue 15 §4)', () => {
  it('a DatabaseError answers a generic detail and a request id; the log has the database and the driver text', async () => {
    const missing = new DatabaseSessionService({
      dbUrl: TEST_POSTGRES_URL.replace(/\/[^/]*$/, '/adk_no_such_database_15'),
    });
    const logged: unknown[][] = [];
    setLogger({
      debug: () => undefined,
      info: () => undefined,
      warn: () => undefined,
      error: (...record) => void logged.push(record),
    });
    const failing = await serveApiServer({
      port: 0,
      agentLoader: new StaticAgentLoader({ apps: {} }),
      sessionService: missing,
    });
    try {
      const reply = await fetch(`${failing.url}/apps/app/users/u/sessions/s`);
      expect(reply.status).toBe(500);
      const requestId = reply.headers.get('x-request-id');
      const text = await reply.text();
      expect(JSON.parse(text)).toEqual({
        detail: 'preparing the session tables failed: a database error occurred.',
        requestId,
      });
      expect(text).not.toContain('127.0.0.1');
      expect(text).not.toContain('adk_no_such_database_15');
      expect(logged).toHaveLength(1);
      expect(logged[0]![0]).toBe(`GET /apps/app/users/u/sessions/s failed (request ${requestId}).`);
      expect((logged[0]![1] as Error).message).toContain('adk_no_such_database_15');
    } finally {
      setLogger();
      await failing.close();
      await missing.close();
    }
  });
});
