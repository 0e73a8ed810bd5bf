import type { BeforeRunHook, RunOverrides, RunRequestInfo } from '../server/api-server-options.js';
import { RecordingsPlugin } from './recordings-plugin.js';
import { RECORDINGS_CONFIG_KEY, conformanceRunConfigOf } from './replay-config.js';

/**
 * The server side of `adk conformance record`, as a `beforeRun` hook: a
 * run whose state delta (else whose session state, as in Python) holds
 * `_adk_recordings_config` = `{dir, user_message_index, streaming_mode}`
 * runs the app as loaded, with its real models and tools, plus a
 * `RecordingsPlugin` that appends the run's LLM and tool exchanges to
 * `<dir>/generated-recordings[-sse].yaml` when the run ends. Returns
 * undefined when the key is absent; a malformed config is
 * `InvalidArgumentError` (HTTP 400).
 */
export function createRecordRunHook(): BeforeRunHook {
  return (request: RunRequestInfo): RunOverrides | undefined => {
    const config = conformanceRunConfigOf(request, RECORDINGS_CONFIG_KEY);
    if (!config) return undefined;
    return { plugins: [new RecordingsPlugin(config)] };
  };
}
