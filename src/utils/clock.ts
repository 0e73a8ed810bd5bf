/**
 * The current time in float seconds since the epoch, the unit Python ADK uses
 * for event timestamps and `lastUpdateTime`. It has sub-millisecond precision
 * and never goes backwards within a process, so events appended one after
 * another keep their order when sorted by timestamp.
 */
export function nowSeconds(): number {
  const now = (performance.timeOrigin + performance.now()) / 1000;
  lastSeconds = now > lastSeconds ? now : lastSeconds + 1e-6;
  return lastSeconds;
}

let lastSeconds = 0;
