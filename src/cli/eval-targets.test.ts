import { describe, expect, it } from 'vitest';
import { parseEvalTargets } from './eval-targets.js';

describe('parseEvalTargets (parse_and_get_evals_to_run)', () => {
  it('maps each set to its selected cases, all cases when none are named', () => {
    expect(
      parseEvalTargets([
        'a.evalset.json',
        'b.evalset.json:case_1,case_2',
        'b.evalset.json:case_3,,',
        'set_id:x',
      ]),
    ).toEqual(
      new Map([
        ['a.evalset.json', []],
        ['b.evalset.json', ['case_1', 'case_2', 'case_3']],
        ['set_id', ['x']],
      ]),
    );
  });

  it('keeps a Windows drive prefix in the path', () => {
    expect(parseEvalTargets(['C:\\evals\\a.evalset.json:one'])).toEqual(
      new Map([['C:\\evals\\a.evalset.json', ['one']]]),
    );
  });
});
