import { afterEach, describe, expect, it } from 'vitest';
import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { LLMRegistry } from '../../models/registry.js';
import { ScriptedLlm, textResponse } from '../../testing/scripted-llm.js';
import { EvalStatus } from '../eval-metrics.js';
import {
  FinalResponseMatchV2Evaluator,
  parseFinalResponseMatchCritique,
} from './final-response-match-v2.js';
import {
  judgeMetric,
  promptOf,
  renderedPrompt,
  scriptedJudge,
  textInvocation,
} from './judge-test-fixtures.js';
import { Label } from './llm-as-judge-utils.js';

const VALID =
  '```json\n{\n  "reasoning": "Same number.",\n  "is_the_agent_response_valid": "valid"\n}\n```';
const INVALID = '{"reasoning": "Wrong.", "is_the_agent_response_valid": "invalid"}';
const metric = (numSamples: number, threshold = 0.5) =>
  judgeMetric('final_response_match_v2', numSamples, {}, threshold);

describe('final_response_match_v2', () => {
  it('reads the label as the reference does', () => {
    const cases: [string, Label][] = [
      [VALID, Label.VALID],
      [INVALID, Label.INVALID],
      ['"is_the_agent_response_valid": [valid],', Label.VALID],
      ['"is_the_agent_response_valid": "almost"}', Label.INVALID],
      ['"is_the_agent_response_valid": true\n', Label.VALID],
      // Case-sensitive, as the reference compares the label as written.
      ['"is_the_agent_response_valid": "Valid",', Label.NOT_FOUND],
      // The other field name inverts the meaning.
      ['"is_the_agent_response_invalid": "true"}', Label.INVALID],
      ['"is_the_agent_response_invalid": "false"}', Label.VALID],
      ['I think it is fine.', Label.NOT_FOUND],
    ];
    expect(cases.map(([critique]) => parseFinalResponseMatchCritique(critique))).toEqual(
      cases.map(([, label]) => label),
    );
  });

  it("sends the reference's prompt, byte for byte, with the default retry options", async () => {
    const judge = scriptedJudge([VALID]);
    const evaluator = new FinalResponseMatchV2Evaluator(metric(1), { judgeModel: judge });
    await evaluator.evaluateInvocations({
      actualInvocations: [textInvocation('What is 2 + 2?', 'The answer is 4.')],
      expectedInvocations: [textInvocation('What is 2 + 2?', '4')],
    });
    expect(promptOf(judge, 0)).toBe(renderedPrompt('final-response-match-v2'));
    expect(judge.requests[0]?.contents[0]?.role).toBe('user');
    expect(judge.requests[0]?.model).toBe('scripted-judge');
    expect(judge.requests[0]?.config.automaticFunctionCalling).toEqual({ disable: true });
    expect(judge.requests[0]?.config.httpOptions?.retryOptions).toEqual({
      attempts: 7,
      initialDelay: 5,
      maxDelay: 120,
      expBase: 2,
      httpStatusCodes: [408, 429, 500, 502, 503, 504],
    });
  });

  it('writes None for an actual invocation without a final response', async () => {
    const judge = scriptedJudge([INVALID]);
    const evaluator = new FinalResponseMatchV2Evaluator(metric(1), { judgeModel: judge });
    const result = await evaluator.evaluateInvocations({
      actualInvocations: [textInvocation('What is 2 + 2?')],
      expectedInvocations: [textInvocation('What is 2 + 2?', '4')],
    });
    expect(promptOf(judge, 0)).toBe(renderedPrompt('final-response-match-v2-no-response'));
    expect(result.overallScore).toBe(0);
    expect(result.overallEvalStatus).toBe(EvalStatus.FAILED);
  });

  it('takes the majority of the samples; a tie is invalid', async () => {
    const judge = scriptedJudge([VALID, INVALID, VALID, VALID, INVALID]);
    const evaluator = new FinalResponseMatchV2Evaluator(metric(3), { judgeModel: judge });
    const pair = [textInvocation('q', 'a')];
    const majority = await evaluator.evaluateInvocations({
      actualInvocations: pair,
      expectedInvocations: pair,
    });
    expect(majority.perInvocationResults.map((r) => r.score)).toEqual([1]);

    const tieJudge = scriptedJudge([VALID, INVALID]);
    const tie = await new FinalResponseMatchV2Evaluator(metric(2), {
      judgeModel: tieJudge,
    }).evaluateInvocations({ actualInvocations: pair, expectedInvocations: pair });
    expect(tie.perInvocationResults[0]?.score).toBe(0);
    expect(tie.perInvocationResults[0]?.evalStatus).toBe(EvalStatus.FAILED);
  });

  it('scores the fraction of valid invocations and ignores unparseable samples', async () => {
    // Invocation 1: valid, valid, invalid -> valid. Invocation 2: invalid, gibberish, gibberish -> invalid.
    // Invocation 3: gibberish only -> not scored.
    const judge = scriptedJudge([
      VALID,
      VALID,
      INVALID,
      INVALID,
      'no idea',
      'no idea',
      'no idea',
      'still no idea',
      '',
    ]);
    const evaluator = new FinalResponseMatchV2Evaluator(metric(3, 0.5), { judgeModel: judge });
    const invocations = [
      textInvocation('a', 'a'),
      textInvocation('b', 'b'),
      textInvocation('c', 'c'),
    ];
    const result = await evaluator.evaluateInvocations({
      actualInvocations: invocations,
      expectedInvocations: invocations,
    });
    expect(result.perInvocationResults.map((r) => [r.score, r.evalStatus])).toEqual([
      [1, EvalStatus.PASSED],
      [0, EvalStatus.FAILED],
      [undefined, EvalStatus.NOT_EVALUATED],
    ]);
    expect(result.overallScore).toBe(0.5);
    expect(result.overallEvalStatus).toBe(EvalStatus.PASSED);
    expect(judge.requests).toHaveLength(9);
  });

  it('leaves an invocation not evaluated when one of its samples fails', async () => {
    const judge = scriptedJudge([VALID, new Error('judge down'), INVALID]);
    const evaluator = new FinalResponseMatchV2Evaluator(metric(1), { judgeModel: judge });
    const invocations = [
      textInvocation('a', 'a'),
      textInvocation('b', 'b'),
      textInvocation('c', 'c'),
    ];
    const result = await evaluator.evaluateInvocations({
      actualInvocations: invocations,
      expectedInvocations: invocations,
    });
    expect(result.perInvocationResults.map((r) => r.evalStatus)).toEqual([
      EvalStatus.PASSED,
      EvalStatus.NOT_EVALUATED,
      EvalStatus.FAILED,
    ]);
    expect(result.overallScore).toBe(0.5);
  });

  it('leaves an invocation not evaluated when the judge yields no response', async () => {
    const silent = new ScriptedLlm({
      model: 'scripted-judge',
      responses: [[], textResponse(VALID)],
    });
    const invocations = [textInvocation('a', 'a'), textInvocation('b', 'b')];
    const result = await new FinalResponseMatchV2Evaluator(metric(1), {
      judgeModel: silent,
    }).evaluateInvocations({ actualInvocations: invocations, expectedInvocations: invocations });
    expect(result.perInvocationResults.map((r) => r.evalStatus)).toEqual([
      EvalStatus.NOT_EVALUATED,
      EvalStatus.PASSED,
    ]);
    expect(result.overallScore).toBe(1);
  });

  it('is not evaluated when no invocation could be scored', async () => {
    const judge = scriptedJudge(['?']);
    const pair = [textInvocation('a', 'a')];
    const result = await new FinalResponseMatchV2Evaluator(metric(1), {
      judgeModel: judge,
    }).evaluateInvocations({ actualInvocations: pair, expectedInvocations: pair });
    expect(result.overallScore).toBeUndefined();
    expect(result.overallEvalStatus).toBe(EvalStatus.NOT_EVALUATED);
  });

  it('needs expected invocations of the same length and an LlmAsAJudgeCriterion', async () => {
    const evaluator = new FinalResponseMatchV2Evaluator(metric(1), {
      judgeModel: scriptedJudge([]),
    });
    await expect(
      evaluator.evaluateInvocations({ actualInvocations: [textInvocation('a', 'a')] }),
    ).rejects.toThrow(InvalidArgumentError);
    await expect(
      evaluator.evaluateInvocations({
        actualInvocations: [textInvocation('a', 'a')],
        expectedInvocations: [],
      }),
    ).rejects.toThrow(InvalidArgumentError);
    expect(
      () =>
        new FinalResponseMatchV2Evaluator({ metricName: 'final_response_match_v2', threshold: 1 }),
    ).toThrow(
      '`final_response_match_v2` metric expects a criterion of type `LlmAsAJudgeCriterion`.',
    );
  });

  it("sends the criterion's judge config, unchanged, and keeps to parallelismLimit", async () => {
    let active = 0;
    let most = 0;
    const judge = new ScriptedLlm({
      model: 'scripted-judge',
      responses: async () => {
        active += 1;
        most = Math.max(most, active);
        for (let tick = 0; tick < 5; tick++) await Promise.resolve();
        active -= 1;
        return textResponse(VALID);
      },
    });
    const judgeModelConfig = { temperature: 0.3 };
    const evaluator = new FinalResponseMatchV2Evaluator(
      {
        metricName: 'final_response_match_v2',
        criterion: {
          threshold: 1,
          judgeModelOptions: {
            judgeModel: 'scripted-judge',
            judgeModelConfig,
            numSamples: 3,
            parallelismLimit: 2,
          },
        },
      },
      { judgeModel: judge },
    );
    const invocations = [textInvocation('a', 'a'), textInvocation('b', 'b')];
    const result = await evaluator.evaluateInvocations({
      actualInvocations: invocations,
      expectedInvocations: invocations,
    });
    expect(result.overallScore).toBe(1);
    expect(judge.requests).toHaveLength(6);
    expect(most).toBe(2);
    expect(judge.requests[0]?.config.temperature).toBe(0.3);
    expect(judgeModelConfig).toEqual({ temperature: 0.3 });
  });

  describe('judge model resolved by name', () => {
    const script: string[] = [];
    class RegisteredJudge extends ScriptedLlm {
      static override readonly supportedModels = ['registered-judge-frm'];
      static last: RegisteredJudge | undefined;
      constructor({ model }: { model: string }) {
        super({ model, responses: (_request, index) => textResponse(script[index] ?? '') });
        RegisteredJudge.last = this;
      }
    }
    afterEach(() => {
      script.length = 0;
    });

    it('builds the judge LLMRegistry resolves for judgeModelOptions.judgeModel', async () => {
      LLMRegistry.register(RegisteredJudge);
      script.push(VALID);
      const evaluator = new FinalResponseMatchV2Evaluator({
        metricName: 'final_response_match_v2',
        criterion: {
          threshold: 1,
          judgeModelOptions: { judgeModel: 'registered-judge-frm', numSamples: 1 },
        },
      });
      const pair = [textInvocation('a', 'a')];
      const result = await evaluator.evaluateInvocations({
        actualInvocations: pair,
        expectedInvocations: pair,
      });
      expect(result.overallScore).toBe(1);
      expect(RegisteredJudge.last?.model).toBe('registered-judge-frm');
      expect(RegisteredJudge.last?.requests).toHaveLength(1);
    });
  });
});
