import { EvalStatus } from './eval-types';

/** How a status reads in the UI: `Passed`, `Failed` or `Not evaluated` (an unknown number says so). */
export function statusLabel(status: number | undefined): string {
  if (status === EvalStatus.PASSED) return 'Passed';
  if (status === EvalStatus.FAILED) return 'Failed';
  if (status === EvalStatus.NOT_EVALUATED) return 'Not evaluated';
  return `Unknown status (${String(status)})`;
}

/** The CSS modifier of a status badge: `pass`, `fail` or `none`. */
export function statusClass(status: number | undefined): 'pass' | 'fail' | 'none' {
  if (status === EvalStatus.PASSED) return 'pass';
  if (status === EvalStatus.FAILED) return 'fail';
  return 'none';
}

/** A score for display: up to 4 decimals, trailing zeros dropped; `—` when there is none. */
export function formatScore(score: number | null | undefined): string {
  if (score === null || score === undefined || !Number.isFinite(score)) return '—';
  return String(Number(score.toFixed(4)));
}

/**
 * Stored result ids, newest first. Python names them
 * `<app>_<eval_set_id>_<seconds>`; ids ending in a number sort by it,
 * others after them by name.
 */
export function sortResultIds(ids: readonly string[]): string[] {
  const stamp = (id: string): number => {
    const match = /_(\d+(?:\.\d+)?)$/.exec(id);
    return match ? Number(match[1]) : Number.NEGATIVE_INFINITY;
  };
  return [...ids].sort((a, b) => stamp(b) - stamp(a) || (a < b ? -1 : a > b ? 1 : 0));
}
