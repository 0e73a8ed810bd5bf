import type {
  AgentCachePerformance,
  CacheInvocationBreakdown,
} from '../context/cache-performance-report.js';

/** The session a report is about, for its heading. */
export interface CacheReportHeading {
  appName: string;
  userId: string;
  sessionId: string;
}

/**
 * The text `adk cache_report` prints: a heading, then per agent either
 * "no context cache data" or the reference's 13 metrics (percentages with
 * one decimal) and a table of its invocations. Ends with a newline.
 */
export function cacheReportText(
  heading: CacheReportHeading,
  agents: readonly AgentCachePerformance[],
): string {
  const lines = [
    `Context cache report: app ${heading.appName}, user ${heading.userId}, session ${heading.sessionId}`,
  ];
  if (agents.length === 0) lines.push('', 'No agent of this session used a context cache.');
  for (const { agentName, report } of agents) {
    lines.push('');
    if (report.status === 'no_cache_data') {
      lines.push(
        `Agent ${agentName}: no context cache data (is ContextCacheConfig set, and the prompt above minTokens?)`,
      );
      continue;
    }
    lines.push(`Agent ${agentName}: cache active`);
    const rows: [string, string][] = [
      ['Requests with cache', String(report.requestsWithCache)],
      ['Avg invocations used', fixed(report.avgInvocationsUsed, 2)],
      ['Latest cache', report.latestCache ?? '-'],
      ['Cache refreshes', String(report.cacheRefreshes)],
      ['Total invocations', String(report.totalInvocations)],
      ['Total prompt tokens', String(report.totalPromptTokens)],
      ['Total cached tokens', String(report.totalCachedTokens)],
      ['Cache hit ratio', `${fixed(report.cacheHitRatioPercent, 1)}%`],
      ['Cache utilization ratio', `${fixed(report.cacheUtilizationRatioPercent, 1)}%`],
      ['Avg cached tokens/request', fixed(report.avgCachedTokensPerRequest, 1)],
      ['Total requests', String(report.totalRequests)],
      ['Requests with cache hits', String(report.requestsWithCacheHits)],
    ];
    const width = Math.max(...rows.map(([label]) => label.length)) + 1;
    for (const [label, value] of rows) lines.push(`  ${`${label}:`.padEnd(width)} ${value}`);
    lines.push('', ...invocationTable(report.invocationBreakdown));
  }
  return `${lines.join('\n')}\n`;
}

function fixed(value: number, digits: number): string {
  return value.toFixed(digits);
}

function invocationTable(breakdown: readonly CacheInvocationBreakdown[]): string[] {
  const header = ['Invocation', 'Requests', 'Prompt', 'Cached', 'Hit %', 'Cache'];
  const rows = breakdown.map((entry) => [
    entry.invocationId || '-',
    String(entry.totalRequests),
    String(entry.promptTokens),
    String(entry.cachedTokens),
    fixed(entry.cacheHitRatioPercent, 1),
    entry.cacheName === null
      ? '-'
      : `${entry.cacheName.split('/').at(-1)!}${entry.newCache ? ' (new)' : ''} used ${String(entry.invocationsUsed ?? 0)}`,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  // Numbers align right, names left; the last column is not padded.
  const format = (row: string[]): string =>
    `  ${row
      .map((cell, column) => {
        if (column === row.length - 1) return cell;
        return column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!);
      })
      .join('  ')}`;
  return [format(header), ...rows.map(format)];
}
