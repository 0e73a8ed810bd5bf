import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../api/http';
import { loadCachePerformance } from '../api/inspect-api';
import {
  formatPercent,
  metricRows,
  shortCacheName,
  type ActiveCacheReport,
  type AgentCacheReport,
} from './cache-report';
import type { PanelProps } from './panel-props';
import './panels.css';
import './cache-panel.css';

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; agents: AgentCacheReport[] }
  | { status: 'error'; message: string };

function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 404 && !error.detail.startsWith('Session'))
      return 'This server has no cache report (no cache_performance route).';
    return `HTTP ${error.status}: ${error.detail}`;
  }
  return error instanceof Error ? error.message : String(error);
}

function Invocations({ agentName, report }: { agentName: string; report: ActiveCacheReport }) {
  return (
    <table class="cache-invocations" aria-label={`Invocations of ${agentName}`}>
      <thead>
        <tr>
          <th scope="col">Invocation</th>
          <th scope="col">Requests</th>
          <th scope="col">Prompt</th>
          <th scope="col">Cached</th>
          <th scope="col">Hit</th>
          <th scope="col">Cache</th>
        </tr>
      </thead>
      <tbody>
        {report.invocationBreakdown.map((entry) => (
          <tr key={entry.invocationId} data-invocation-id={entry.invocationId}>
            <td class="mono" title={entry.invocationId}>
              {entry.invocationId || '—'}
            </td>
            <td class="num">{entry.totalRequests}</td>
            <td class="num">{entry.promptTokens}</td>
            <td class="num">{entry.cachedTokens}</td>
            <td class="num">
              <span class="cache-hit-bar" aria-hidden="true">
                <span
                  style={{ width: `${Math.min(100, entry.cacheHitRatioPercent).toFixed(1)}%` }}
                />
              </span>
              {formatPercent(entry.cacheHitRatioPercent)}
            </td>
            <td title={entry.cacheName ?? undefined}>
              {entry.cacheName === null ? (
                '—'
              ) : (
                <>
                  <span class="mono">{shortCacheName(entry.cacheName)}</span>
                  {entry.newCache && <span class="cache-new-badge">new</span>}
                  <span class="muted" title="Invocations this cache has served">
                    {' '}
                    ×{entry.invocationsUsed ?? 0}
                  </span>
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AgentReport({ entry }: { entry: AgentCacheReport }) {
  const { agentName, report } = entry;
  return (
    <section class="cache-agent" aria-label={`Cache of ${agentName}`}>
      <h4>{agentName}</h4>
      {report.status === 'no_cache_data' ? (
        <p class="panel-empty">
          No context cache data: no request of this agent used a cache (is ContextCacheConfig set,
          and the prompt above minTokens?).
        </p>
      ) : (
        <>
          <dl class="cache-metrics" aria-label={`Cache metrics of ${agentName}`}>
            {metricRows(report).map(([label, value]) => (
              <div key={label} class="cache-metric">
                <dt>{label}</dt>
                <dd class="mono">{value}</dd>
              </div>
            ))}
          </dl>
          <Invocations agentName={agentName} report={report} />
        </>
      )}
    </section>
  );
}

/**
 * The session's context-cache performance (CachePerformanceAnalyzer over
 * `GET /dev/…/sessions/{sid}/cache_performance`), refetched on each
 * revision: per agent that used a cache, the hit and utilization ratios,
 * cached vs prompt tokens, refreshes, and a table of its invocations
 * (tokens, hit ratio, the cache used and whether it was new).
 */
export function CachePanel({ appName, userId, sessionId, revision }: PanelProps) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    loadCachePerformance(appName, userId, sessionId).then(
      (agents) => live && setLoaded({ status: 'ready', agents }),
      (error: unknown) => live && setLoaded({ status: 'error', message: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [appName, userId, sessionId, revision]);

  return (
    <div class="inspect-panel cache-panel">
      <div class="panel-toolbar">
        <h3>Context cache</h3>
      </div>
      {loaded.status === 'loading' && <p class="panel-empty">Loading the cache report…</p>}
      {loaded.status === 'error' && (
        <p class="panel-error" role="alert">
          {loaded.message}
        </p>
      )}
      {loaded.status === 'ready' &&
        (loaded.agents.length === 0 ? (
          <p class="panel-empty">
            No agent of this session used a context cache. Set a ContextCacheConfig on the app to
            cache the stable prefix of its requests.
          </p>
        ) : (
          loaded.agents.map((entry) => <AgentReport key={entry.agentName} entry={entry} />)
        ))}
    </div>
  );
}
