import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import {
  evalCaseFromJson,
  evalCaseToCamelCaseJson,
  evalCaseToPythonJson,
} from './eval-case-json.js';
import {
  evalSetFromJson,
  evalSetToCamelCaseJson,
  evalSetToPythonJson,
  evalSetToPythonJsonText,
} from './eval-set.js';

const EXAMPLE = new URL(
  '../../examples/agents/hello_eval/hello_eval_set.evalset.json',
  import.meta.url,
);

const userText = (text: string) => ({ parts: [{ text }], role: 'user' });

describe('EvalSet JSON', () => {
  it('writes an eval set file read from Python’s format back byte for byte', async () => {
    const text = await readFile(EXAMPLE, 'utf8');
    const evalSet = evalSetFromJson(JSON.parse(text));
    expect(evalSet.evalSetId).toBe('hello_eval_set');
    expect(evalSet.evalCases.map((evalCase) => evalCase.evalId)).toEqual([
      'what_can_you_do',
      'roll_and_check',
    ]);
    expect(evalSetToPythonJsonText(evalSet)).toBe(text.trimEnd());
  });

  it('keeps snake_case keys of the user’s data and re-cases ADK and genai keys', async () => {
    const evalSet = evalSetFromJson(JSON.parse(await readFile(EXAMPLE, 'utf8')));
    const [, rollCase] = evalSet.evalCases;
    expect(rollCase?.sessionInput?.state).toEqual({ player_name: 'Ada' });
    expect(rollCase?.conversation?.[0]?.intermediateData).toMatchObject({
      toolUses: [{ name: 'roll_die', args: { sides: 17 } }],
      toolResponses: [{ name: 'roll_die', response: { result: 17 } }],
    });
    const camel = evalSetToCamelCaseJson(evalSet);
    // EvalSet has no aliases in Python: its own fields stay snake_case in the HTTP form.
    expect(Object.keys(camel)).toEqual([
      'eval_set_id',
      'name',
      'description',
      'eval_cases',
      'creation_timestamp',
    ]);
    const cases = camel['eval_cases'] as Record<string, unknown>[];
    expect(cases[1]).toMatchObject({
      evalId: 'roll_and_check',
      sessionInput: { appName: 'hello_eval', userId: 'eval_user', state: { player_name: 'Ada' } },
      finalSessionState: {},
      creationTimestamp: 1764201620.5,
    });
  });

  it('reads camelCase aliases inside cases, and nulls as absent fields', () => {
    const evalSet = evalSetFromJson({
      eval_set_id: 's',
      name: 's',
      description: null,
      eval_cases: [
        {
          evalId: 'c',
          conversation: [
            { userContent: userText('hi'), finalResponse: null, creationTimestamp: 2 },
          ],
          sessionInput: { appName: 'a', userId: 'u', state: { someKey: 1 } },
        },
      ],
    });
    expect(evalSet.description).toBeUndefined();
    expect(evalSet.evalCases[0]?.conversation?.[0]).toEqual({
      invocationId: '',
      userContent: userText('hi'),
      creationTimestamp: 2,
    });
    expect(evalSetToPythonJson(evalSet)).toEqual({
      eval_set_id: 's',
      name: 's',
      eval_cases: [
        {
          eval_id: 'c',
          conversation: [{ user_content: userText('hi'), creation_timestamp: 2 }],
          session_input: { app_name: 'a', user_id: 'u', state: { someKey: 1 } },
        },
      ],
    });
  });

  it('drops unknown keys of the set and keeps those of a case, as pydantic does', () => {
    const evalSet = evalSetFromJson({
      eval_set_id: 's',
      eval_cases: [{ eval_id: 'c', conversation: [], team_note: 'keep me' }],
      extra_field: 1,
    });
    expect(evalSet).not.toHaveProperty('extraField');
    expect(evalSet.evalCases[0]).toMatchObject({ teamNote: 'keep me' });
    expect(evalSetToPythonJson(evalSet)).toEqual({
      eval_set_id: 's',
      eval_cases: [{ eval_id: 'c', conversation: [], team_note: 'keep me' }],
    });
  });

  it('refuses a case with both or neither of conversation and conversation_scenario', () => {
    const scenario = { starting_prompt: 'hi', conversation_plan: 'say bye' };
    for (const evalCase of [
      { eval_id: 'c' },
      { eval_id: 'c', conversation: [], conversation_scenario: scenario },
    ]) {
      expect(() => evalCaseFromJson(evalCase)).toThrow(
        /Exactly one of conversation and conversation_scenario/,
      );
    }
    expect(evalCaseFromJson({ eval_id: 'c', conversation_scenario: scenario })).toMatchObject({
      conversationScenario: { startingPrompt: 'hi', conversationPlan: 'say bye' },
    });
  });

  it('names the offending field as written in an invalid set', () => {
    let error: unknown;
    try {
      evalSetFromJson({ eval_set_id: 's', eval_cases: [{ eval_id: 3, conversation: [] }] });
    } catch (caught) {
      error = caught;
    }
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/evalCases\[0\]\.evalId/);
    expect(() => evalSetFromJson([])).toThrow(/must be an object/);
  });

  it('keeps a state key named __proto__ as data', () => {
    const evalCase = evalCaseFromJson(
      JSON.parse(
        '{"eval_id":"c","conversation":[],"session_input":{"app_name":"a","user_id":"u","state":{"__proto__":{"x":1}}}}',
      ),
    );
    const state = evalCase.sessionInput?.state ?? {};
    expect(Object.hasOwn(state, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(state)).toBe(Object.prototype);
  });

  it('writes a case with a scenario and a persona id', () => {
    const evalCase = evalCaseFromJson({
      evalId: 'sim',
      conversationScenario: {
        startingPrompt: 'Book a flight.',
        conversationPlan: 'Book SFO to LAX, then stop.',
        userPersona: 'NOVICE',
      },
      rubrics: [{ rubricId: 'r1', rubricContent: { textProperty: 'Polite.' } }],
    });
    expect(evalCaseToPythonJson(evalCase)).toEqual({
      eval_id: 'sim',
      conversation_scenario: {
        starting_prompt: 'Book a flight.',
        conversation_plan: 'Book SFO to LAX, then stop.',
        user_persona: 'NOVICE',
      },
      rubrics: [{ rubric_id: 'r1', rubric_content: { text_property: 'Polite.' } }],
    });
    expect(evalCaseToCamelCaseJson(evalCase)).toMatchObject({
      evalId: 'sim',
      creationTimestamp: 0,
      finalSessionState: {},
      rubrics: [{ rubricId: 'r1', rubricContent: { textProperty: 'Polite.' } }],
    });
  });
});
