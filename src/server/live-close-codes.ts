/**
 * The WebSocket close codes `/run_live` ends a socket with (RFC 6455 §7.4.1),
 * as adk-python's `run_agent_live` uses them where it has one
 * (docs/live.md, "/run_live"):
 * - `normal` 1000: the live run ended (the client sent `close: true`);
 * - `goingAway` 1001: the server is shutting down;
 * - `protocolError` 1002: the session does not exist (Python's code and reason);
 * - `unsupportedData` 1003: a binary frame (LiveRequests are JSON text);
 * - `invalidPayload` 1007: a frame that is not a valid LiveRequest;
 * - `policyViolation` 1008: a bad query (no app name, an unknown app, a bad id or modality);
 * - `internalError` 1011: the run failed (Python's code; the reason is the error's public message).
 */
export const LIVE_CLOSE_CODES = {
  normal: 1000,
  goingAway: 1001,
  protocolError: 1002,
  unsupportedData: 1003,
  invalidPayload: 1007,
  policyViolation: 1008,
  internalError: 1011,
} as const;

/** The most bytes a close frame's reason may hold (125 bytes of payload minus the 2-byte code). */
export const MAX_CLOSE_REASON_BYTES = 123;

/**
 * `text` cut to at most `MAX_CLOSE_REASON_BYTES` bytes of UTF-8, on a
 * character boundary (a close frame with a longer reason is invalid; Python
 * cuts `str(e)[:123]`, which counts characters, not bytes).
 */
export function closeReason(text: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(text).length <= MAX_CLOSE_REASON_BYTES) return text;
  let out = '';
  let bytes = 0;
  for (const character of text) {
    const size = encoder.encode(character).length;
    if (bytes + size > MAX_CLOSE_REASON_BYTES) break;
    out += character;
    bytes += size;
  }
  return out;
}
