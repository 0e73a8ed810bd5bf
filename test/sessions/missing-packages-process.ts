/**
 * The process of the missing-packages test
 * (src/sessions/database/missing-packages.test.ts), run with the packages
 * hidden by test/sessions/hide-packages.mjs:
 *   node --import tsx --import ./test/sessions/hide-packages.mjs \
 *     test/sessions/missing-packages-process.ts <uri>...
 * For each URI, first uses a DatabaseSessionService, then a
 * DatabaseMemoryService, on it; prints one JSON line per use:
 * {"feature", "uri", "name", "message", "packageNames"} of the error (or
 * {"feature", "uri", "ok": true}).
 */
import { DatabaseMemoryService } from '../../src/memory/database/database-memory-service.js';
import { DatabaseSessionService } from '../../src/sessions/database/database-session-service.js';

async function report(feature: string, uri: string, use: () => Promise<unknown>): Promise<void> {
  try {
    await use();
    process.stdout.write(`${JSON.stringify({ feature, uri, ok: true })}\n`);
  } catch (error) {
    const { name, message, packageNames } = error as Error & { packageNames?: string[] };
    process.stdout.write(`${JSON.stringify({ feature, uri, name, message, packageNames })}\n`);
  }
}

for (const uri of process.argv.slice(2)) {
  const sessions = new DatabaseSessionService({ dbUrl: uri });
  await report('DatabaseSessionService', uri, () =>
    sessions.createSession({ appName: 'app', userId: 'u' }),
  );
  await sessions.close();
  const memory = new DatabaseMemoryService({ dbUrl: uri });
  await report('DatabaseMemoryService', uri, () => memory.prepareTables());
  await memory.close();
}
