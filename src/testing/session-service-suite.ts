import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe } from 'vitest';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import { describeAppendEvent } from './session-suite-append.js';
import { describeCreateSession } from './session-suite-create.js';
import { describeDeleteSession } from './session-suite-delete.js';
import { describeSessionReads } from './session-suite-read.js';
import { describeAppendEventWithReload } from './session-suite-reload.js';
import { describeUntrustedKeys } from './session-suite-untrusted-keys.js';
import { describeSessionValidation } from './session-suite-validation.js';

/** What a backend hands the suite for one test: a fresh service and how to dispose of it. */
export interface SessionServiceFixture {
  service: BaseSessionService;
  /** Runs after the test (close connections, drop temporary databases). */
  cleanup?: () => Promise<void>;
}

/**
 * The behavioural suite every `BaseSessionService` backend must pass unchanged
 * (in-memory, SQLite, PostgreSQL, MySQL), in the manner of adk-go's
 * `sessiontestsuite`. Each test names the rule it pins.
 *
 * `makeService` is called before every test; each test also uses an app name
 * of its own, so backends may share one database across tests.
 */
export function runSessionServiceSuite(
  name: string,
  makeService: () => Promise<SessionServiceFixture>,
): void {
  describe(`${name} (session service suite)`, () => {
    let service: BaseSessionService;
    let cleanup: (() => Promise<void>) | undefined;
    let app: string;

    beforeEach(async () => {
      ({ service, cleanup } = await makeService());
      app = `app_${randomUUID().replaceAll('-', '')}`;
    });

    afterEach(async () => {
      await cleanup?.();
    });

    const context = () => ({ service, app });
    describeCreateSession(context);
    describeSessionReads(context);
    describeDeleteSession(context);
    describeAppendEvent(context);
    describeAppendEventWithReload(context);
    describeSessionValidation(context);
    describeUntrustedKeys(context);
  });
}
