/**
 * Formats an event time (float seconds since the epoch) the way Python ADK's
 * `memory/_utils.format_timestamp` does, `datetime.fromtimestamp(t).isoformat()`:
 * local time without an offset, `YYYY-MM-DDTHH:MM:SS`, followed by
 * `.ffffff` only when the microseconds (rounded half to even) are not zero.
 */
export function formatMemoryTimestamp(seconds: number): string {
  let whole = Math.trunc(seconds);
  let micros = roundHalfEven((seconds - whole) * 1e6);
  // Python carries a fraction that rounds to a full second (or below zero,
  // for times before 1970) into the seconds.
  if (micros >= 1_000_000) {
    whole += 1;
    micros -= 1_000_000;
  } else if (micros < 0) {
    whole -= 1;
    micros += 1_000_000;
  }
  const local = new Date(whole * 1000);
  const date = `${pad(local.getFullYear(), 4)}-${pad(local.getMonth() + 1, 2)}-${pad(local.getDate(), 2)}`;
  const time = `${pad(local.getHours(), 2)}:${pad(local.getMinutes(), 2)}:${pad(local.getSeconds(), 2)}`;
  return micros === 0 ? `${date}T${time}` : `${date}T${time}.${pad(micros, 6)}`;
}

function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const fraction = value - floor;
  if (fraction > 0.5) return floor + 1;
  if (fraction < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}
