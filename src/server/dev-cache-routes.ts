import type { Hono } from 'hono';
import { CachePerformanceAnalyzer } from '../context/cache-performance-analyzer.js';
import type { AgentCachePerformance } from '../context/cache-performance-report.js';
import { sessionPath, type RouteContext } from './route-context.js';

/**
 * The context-cache report of `adk web` (a TypeScript addition; Python
 * offers `CachePerformanceAnalyzer` as a library only):
 * `GET /dev/apps/{app}/users/{user}/sessions/{session}/cache_performance`
 * → `[{agentName, report}]`, one entry per agent whose events carry cache
 * metadata, in order of appearance, each `report` a
 * `CachePerformanceReport` (camelCase). With `?agent_name=` (or
 * `agentName`) the list holds that agent only, `no_cache_data` when it used
 * no cache. A missing session is 404, an invalid app name 400.
 */
export function registerDevCacheRoutes(api: Hono, { options }: RouteContext): void {
  const analyzer = new CachePerformanceAnalyzer({ sessionService: options.sessionService });
  api.get(
    '/dev/apps/:app_name/users/:user_id/sessions/:session_id/cache_performance',
    async (context) => {
      const key = sessionPath(context);
      const agentName = context.req.query('agent_name') ?? context.req.query('agentName');
      const reports: AgentCachePerformance[] =
        agentName === undefined || agentName === ''
          ? await analyzer.analyzeSessionCachePerformance(key)
          : [
              {
                agentName,
                report: await analyzer.analyzeAgentCachePerformance({ ...key, agentName }),
              },
            ];
      return context.json(reports);
    },
  );
}
