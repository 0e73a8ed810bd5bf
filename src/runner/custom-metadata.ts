import type { RunConfig } from '../context/run-config.js';
import type { Event } from '../events/event.js';

/**
 * Copies the run's `customMetadata` onto the event, the event's own keys
 * winning (Python `_apply_run_config_custom_metadata`); nothing when the run has none.
 */
export function applyCustomMetadata(event: Event, runConfig: RunConfig): void {
  if (!runConfig.customMetadata || Object.keys(runConfig.customMetadata).length === 0) return;
  event.customMetadata = { ...runConfig.customMetadata, ...(event.customMetadata ?? {}) };
}
