import path from 'node:path';
import { z } from 'zod';
import { formatIssues } from '../config/agent-config.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { getOwn } from '../utils/get-own.js';

/** The state key a conformance client sets to have a run replayed (snake_case, as in Python). */
export const REPLAY_CONFIG_KEY = '_adk_replay_config';

/** The state key a conformance client sets to have a run recorded (snake_case, as in Python). */
export const RECORDINGS_CONFIG_KEY = '_adk_recordings_config';

/** A conformance streaming mode: `none` (one response per call) or `sse` (partial events). */
export const ConformanceStreamingMode = z.enum(['none', 'sse']);
/** A conformance streaming mode. */
export type ConformanceStreamingMode = z.infer<typeof ConformanceStreamingMode>;

/**
 * The value of `_adk_replay_config` / `_adk_recordings_config` in a run's
 * state delta: the case folder, the spec's user message the run answers, and
 * the streaming mode (which selects the `-sse` files).
 */
export const ConformanceRunConfig = z.looseObject({
  dir: z.string().min(1),
  user_message_index: z.int().min(0),
  streaming_mode: ConformanceStreamingMode.default('none'),
});
/** The value of `_adk_replay_config` / `_adk_recordings_config`. */
export type ConformanceRunConfig = z.infer<typeof ConformanceRunConfig>;

/**
 * The replay or recording configuration under `key` in a run's state delta
 * (or in the state record `where` names), validated; undefined when the key
 * is absent. Throws `InvalidArgumentError` (HTTP 400) when it is present but
 * malformed or its `dir` is not absolute.
 */
export function readConformanceRunConfig(
  stateDelta: Readonly<Record<string, unknown>> | undefined,
  key: string,
  where = 'stateDelta',
): ConformanceRunConfig | undefined {
  const value = stateDelta === undefined ? undefined : getOwn(stateDelta, key);
  if (value === undefined) return undefined;
  const result = ConformanceRunConfig.safeParse(value);
  if (!result.success) {
    throw new InvalidArgumentError({
      argument: key,
      message: `Invalid ${key} in ${where}:\n${formatIssues(result.error.issues)}`,
      cause: result.error,
    });
  }
  if (!path.isAbsolute(result.data.dir)) {
    throw new InvalidArgumentError({
      argument: key,
      message: `${key}.dir must be an absolute path, got ${JSON.stringify(result.data.dir)}.`,
    });
  }
  return result.data;
}

/**
 * The replay or recording configuration under `key` that applies to one run,
 * as Python's replay and recordings plugins find it in the session state
 * when the run starts: the request's `stateDelta` first (the run applies it
 * before the plugins look), else the stored `sessionState`, so a session
 * created with the key in its state is replayed or recorded on every run.
 * undefined when neither holds the key; throws as `readConformanceRunConfig`.
 */
export function conformanceRunConfigOf(
  request: {
    readonly stateDelta: Readonly<Record<string, unknown>> | undefined;
    readonly sessionState: Readonly<Record<string, unknown>> | undefined;
  },
  key: string,
): ConformanceRunConfig | undefined {
  return (
    readConformanceRunConfig(request.stateDelta, key) ??
    readConformanceRunConfig(request.sessionState, key, 'the session state')
  );
}

/** `generated-recordings.yaml`, or `generated-recordings-sse.yaml` in SSE mode (Python's names). */
export function recordingsFileName(mode: ConformanceStreamingMode): string {
  return mode === 'sse' ? 'generated-recordings-sse.yaml' : 'generated-recordings.yaml';
}

/** `generated-session.yaml`, or `generated-session-sse.yaml` in SSE mode (Python's names). */
export function sessionFileName(mode: ConformanceStreamingMode): string {
  return mode === 'sse' ? 'generated-session-sse.yaml' : 'generated-session.yaml';
}
