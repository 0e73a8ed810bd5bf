import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import { evalSetToPythonJson } from './eval-set.js';
import { convertLegacyEvalSet, convertLegacyTestFile } from './legacy-eval-set.js';

function fixedSources() {
  let id = 0;
  return { now: () => 1_764_201_600.5, newId: () => `id-${String(++id)}` };
}

describe('older eval data', () => {
  it('converts cases of turns into an eval set as Python does (written as its file form)', () => {
    const evalSet = convertLegacyEvalSet(
      'dice',
      [
        {
          name: 'roll_twice',
          data: [
            {
              query: 'Roll a 17-sided die twice.',
              expected_tool_use: [
                { tool_name: 'roll_die', tool_input: { sides: 17 }, mock_tool_output: 4 },
                { tool_name: 'roll_die', tool_input: { sides: 17 } },
              ],
              expected_intermediate_agent_responses: [{ author: 'roller', text: 'Rolling.' }],
              reference: 'I rolled 17 and 17.',
            },
            { query: 'Thanks!' },
          ],
          initial_session: { app_name: 'hello_eval', user_id: 'u', state: { some_key: 1 } },
        },
        { name: 'no_session', data: [], initial_session: {} },
      ],
      fixedSources(),
    );
    expect(evalSetToPythonJson(evalSet)).toEqual({
      eval_set_id: 'dice',
      name: 'dice',
      eval_cases: [
        {
          eval_id: 'roll_twice',
          conversation: [
            {
              invocation_id: 'id-1',
              user_content: { parts: [{ text: 'Roll a 17-sided die twice.' }], role: 'user' },
              final_response: { parts: [{ text: 'I rolled 17 and 17.' }], role: 'model' },
              intermediate_data: {
                tool_uses: [
                  { name: 'roll_die', args: { sides: 17 } },
                  { name: 'roll_die', args: { sides: 17 } },
                ],
                intermediate_responses: [['roller', [{ text: 'Rolling.' }]]],
              },
              creation_timestamp: 1_764_201_600.5,
            },
            {
              invocation_id: 'id-2',
              user_content: { parts: [{ text: 'Thanks!' }], role: 'user' },
              final_response: { parts: [{ text: '' }], role: 'model' },
              intermediate_data: {},
              creation_timestamp: 1_764_201_600.5,
            },
          ],
          session_input: { app_name: 'hello_eval', user_id: 'u', state: { some_key: 1 } },
          creation_timestamp: 1_764_201_600.5,
        },
        {
          eval_id: 'no_session',
          conversation: [],
          creation_timestamp: 1_764_201_600.5,
        },
      ],
      creation_timestamp: 1_764_201_600.5,
    });
  });

  it('makes one case of a test file’s turns, in a set with a fresh id', () => {
    const evalSet = convertLegacyTestFile(
      'tests/roll.test.json',
      [{ query: 'q', reference: 'r' }],
      {},
      fixedSources(),
    );
    expect(evalSet.evalSetId).toBe('id-1');
    expect(evalSet.evalCases.map((c) => [c.evalId, c.sessionInput])).toEqual([
      ['tests/roll.test.json', undefined],
    ]);
  });

  it('refuses data in neither format', () => {
    expect(() => convertLegacyEvalSet('x', [{ query: 'no case around me' }])).toSatisfy(
      (fn: () => unknown) => {
        try {
          fn();
        } catch (error) {
          return InvalidArgumentError.isInstance(error) && /0\.name/.test(error.message);
        }
        return false;
      },
    );
  });
});
