/**
 * Context-cache performance of a session: `CachePerformanceAnalyzer` reads
 * the `cacheMetadata` and `usageMetadata` the Gemini model writes on each
 * response when the app has a `contextCacheConfig`, from any session
 * service. Here the session is built by hand, as three turns with caching
 * leave it (the first turn only fingerprints the prompt prefix; the second
 * creates a cache; the third reuses it), so the example runs offline.
 *
 * Run: npx tsx examples/cache-report/main.ts
 */
import {
  CachePerformanceAnalyzer,
  createEvent,
  InMemorySessionService,
  type Event,
} from '@adk-ts/adk';

const sessionService = new InMemorySessionService();
const key = { appName: 'researcher', userId: 'u1', sessionId: 's1' };
const session = await sessionService.createSession(key);
const cache = 'projects/p/locations/us-central1/cachedContents/abc123';

function turn(
  invocationId: string,
  cacheMetadata: Event['cacheMetadata'],
  promptTokenCount: number,
  cachedContentTokenCount: number,
): Event[] {
  return [
    createEvent({
      invocationId,
      author: 'user',
      content: { role: 'user', parts: [{ text: '…' }] },
    }),
    createEvent({
      invocationId,
      author: 'researcher',
      content: { role: 'model', parts: [{ text: '…' }] },
      cacheMetadata,
      usageMetadata: { promptTokenCount, cachedContentTokenCount },
    }),
  ];
}

const fingerprint = '3f2a9c0d1e5b7a64';
const active = (invocationsUsed: number) => ({
  cacheName: cache,
  expireTime: 1_900_000_000,
  fingerprint,
  invocationsUsed,
  contentsCount: 2,
  createdAt: 1_800_000_000,
});
for (const event of [
  ...turn('e-1', { fingerprint, contentsCount: 2 }, 4200, 0),
  ...turn('e-2', active(1), 4400, 4096),
  ...turn('e-3', active(2), 4600, 4096),
]) {
  await sessionService.appendEvent({ session, event });
}

const analyzer = new CachePerformanceAnalyzer({ sessionService });
const report = await analyzer.analyzeAgentCachePerformance({ ...key, agentName: 'researcher' });
if (report.status === 'active') {
  console.log(`Cache hit ratio: ${report.cacheHitRatioPercent.toFixed(1)}%`);
  console.log(`Cache utilization ratio: ${report.cacheUtilizationRatioPercent.toFixed(1)}%`);
  console.log(
    `Tokens served from cache: ${report.totalCachedTokens} of ${report.totalPromptTokens}`,
  );
  console.log(`Caches created: ${report.cacheRefreshes}, latest ${report.latestCache}`);
  for (const invocation of report.invocationBreakdown) {
    console.log(
      `  ${invocation.invocationId}: ${invocation.cachedTokens}/${invocation.promptTokens} cached` +
        (invocation.newCache ? ' (new cache)' : ''),
    );
  }
} else {
  console.log('No cache data recorded: check ContextCacheConfig (minTokens) on the app.');
}
