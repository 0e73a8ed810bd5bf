import { describe, expect, it } from 'vitest';
import { formatScore, sortResultIds, statusClass, statusLabel } from './eval-status';

describe('eval status display', () => {
  it("labels Python's EvalStatus numbers", () => {
    expect([1, 2, 3, 7].map(statusLabel)).toEqual([
      'Passed',
      'Failed',
      'Not evaluated',
      'Unknown status (7)',
    ]);
    expect([1, 2, 3, undefined].map(statusClass)).toEqual(['pass', 'fail', 'none', 'none']);
  });

  it('formats scores to at most 4 decimals', () => {
    expect(formatScore(0.666666)).toBe('0.6667');
    expect(formatScore(1)).toBe('1');
    expect(formatScore(null)).toBe('—');
    expect(formatScore(Number.NaN)).toBe('—');
  });

  it('sorts result ids newest first by their trailing timestamp', () => {
    expect(
      sortResultIds(['app_s_1700000000.5', 'other', 'app_s_1800000000', 'app_t_1700000001']),
    ).toEqual(['app_s_1800000000', 'app_t_1700000001', 'app_s_1700000000.5', 'other']);
  });
});
