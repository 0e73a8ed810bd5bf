import { randomBytes } from 'node:crypto';

/** Variable that, set to `1`, adds the error's type and text to what the peer sees (Python's). */
export const A2A_DEBUG_ERRORS_VARIABLE = 'ADK_A2A_DEBUG_ERRORS';

/**
 * What a run's failure tells the peer (Python `failure_summary`): a fresh
 * 8-hex-digit error id and `Agent execution failed. (error_id: <id>)`. The
 * error's own text can name paths, hosts and credentials, so it is added
 * (`: <name>: <message>`) only when `ADK_A2A_DEBUG_ERRORS` is `1`.
 */
export function failureSummary(
  error: unknown,
  env: NodeJS.ProcessEnv = process.env,
): { errorId: string; text: string } {
  const errorId = randomBytes(4).toString('hex');
  let text = `Agent execution failed. (error_id: ${errorId})`;
  if (env[A2A_DEBUG_ERRORS_VARIABLE] === '1') {
    text += error instanceof Error ? `: ${error.name}: ${error.message}` : `: ${String(error)}`;
  }
  return { errorId, text };
}
