import { InvalidArgumentError } from '../../errors/invalid-argument-error.js';
import { JudgeNoResponseError } from '../../errors/judge-no-response-error.js';
import type { BaseLlm } from '../../models/base-llm.js';
import type { ConversationScenario } from '../conversation-scenarios.js';
import type { Invocation } from '../eval-case.js';
import { LlmBackedUserSimulatorCriterion } from '../eval-criteria.js';
import { EvalStatus, type EvalMetric } from '../eval-metrics.js';
import type {
  EvaluateInvocationsRequest,
  EvaluationResult,
  Evaluator,
  PerInvocationResult,
} from '../evaluator.js';
import { evalStatusOf, getMetricThreshold } from '../metric-scoring.js';
import { parseCriterion } from './judge-criterion.js';
import { buildJudgeRequest, resolveJudgeModel, sampleJudge } from './judge-model.js';
import type { LlmJudgeOptions } from './llm-as-judge.js';
import { getTextFromContent, Label, PARTIALLY_VALID_LABELS } from './llm-as-judge-utils.js';
import { majorityVote } from './majority-vote.js';
import { PER_TURN_USER_SIMULATOR_QUALITY_V1_PROMPT } from './per-turn-user-simulator-quality-v1-prompt.js';
import { formatPythonTemplate } from './python-format.js';

// The `is_valid` field of the judge's JSON-like answer, ending at a comma, a
// new line or a closing brace (the reference's regular expression).
const IS_VALID_FIELD = /"is_valid":\s*\[*[\n\s]*"*([^"\]]*)"*[\n\s]*\]*\s*[,\n}]/;

const INVALID_SPELLINGS: readonly string[] = [
  Label.INVALID,
  Label.ALMOST,
  Label.FALSE,
  ...PARTIALLY_VALID_LABELS,
];

/** The invocation id of the synthetic turn that checks the conversation ended well. */
export const STOP_SIGNAL_INVOCATION_ID = 'stop_signal_proxy_invocation';

/**
 * Reads the verdict of a per-turn user-simulator judge answer (Python
 * `_parse_llm_response`): the `is_valid` value, trimmed, commas and `}`
 * dropped, lowercased; `true`/`valid` are `VALID`, `false`/`invalid`/
 * `almost`/`partially…` are `INVALID`, anything else or no field `NOT_FOUND`.
 */
export function parseUserSimulatorCritique(response: string): Label {
  const match = IS_VALID_FIELD.exec(response);
  if (!match) return Label.NOT_FOUND;
  const label = (match[1] ?? '')
    .replace(/^\}+|\}+$/g, '')
    .replaceAll(',', '')
    .trim()
    .toLowerCase();
  if (INVALID_SPELLINGS.includes(label)) return Label.INVALID;
  if (label === Label.VALID || label === Label.TRUE) return Label.VALID;
  return Label.NOT_FOUND;
}

/**
 * The conversation so far as the judge reads it (Python
 * `_format_conversation_history`): `user: <text>` for each user turn and
 * `<role>: <text>` for each final response, separated by blank lines.
 */
export function formatConversationHistory(invocations: readonly Invocation[]): string {
  const lines: string[] = [];
  for (const invocation of invocations) {
    if (invocation.userContent.parts && invocation.userContent.parts.length > 0) {
      lines.push(`user: ${getTextFromContent(invocation.userContent) ?? 'None'}`);
    }
    const finalResponse = invocation.finalResponse;
    if (finalResponse !== undefined) {
      lines.push(`${finalResponse.role ?? 'None'}: ${getTextFromContent(finalResponse) ?? 'None'}`);
    }
  }
  return lines.join('\n\n');
}

/**
 * `per_turn_user_simulator_quality_v1`: whether a simulated user kept to its
 * conversation scenario. The first turn passes when its text is the
 * scenario's starting prompt (surrounding spaces ignored); every later turn
 * is judged by an LLM with the reference's prompt against the plan and the
 * conversation before it, `numSamples` times, by majority vote (a tie
 * fails); then a synthetic turn holding the stop signal is judged after the
 * whole conversation, and when it fails it replaces the last turn's result
 * (the conversation did not end when it should have). The case scores the
 * fraction of turns that passed. Needs the conversation scenario; the
 * criterion is an `LlmBackedUserSimulatorCriterion` (judge options, stop
 * signal). A judge call that fails makes the evaluation throw.
 */
export class PerTurnUserSimulatorQualityV1 implements Evaluator {
  private readonly criterion: LlmBackedUserSimulatorCriterion;
  private readonly threshold: number;
  private readonly judgeModel: BaseLlm;

  /**
   * Throws `InvalidArgumentError` when the criterion is not an
   * `LlmBackedUserSimulatorCriterion`, and `ModelNotFoundError` for an
   * unknown judge model name when no judge model is given.
   */
  constructor(evalMetric: EvalMetric, options: LlmJudgeOptions = {}) {
    this.criterion = parseCriterion(
      evalMetric,
      LlmBackedUserSimulatorCriterion,
      'LlmBackedUserSimulatorCriterion',
    );
    this.threshold = getMetricThreshold(evalMetric);
    this.judgeModel = resolveJudgeModel(
      this.criterion.judgeModelOptions.judgeModel,
      options.judgeModel,
    );
  }

  /** Throws `InvalidArgumentError` without a conversation scenario. */
  async evaluateInvocations({
    actualInvocations,
    conversationScenario,
  }: EvaluateInvocationsRequest): Promise<EvaluationResult> {
    if (conversationScenario === undefined) {
      throw new InvalidArgumentError({
        message: 'conversation_scenario is needed by this metric.',
        argument: 'conversationScenario',
      });
    }
    const [first] = actualInvocations;
    if (first === undefined) {
      return { overallEvalStatus: EvalStatus.NOT_EVALUATED, perInvocationResults: [] };
    }
    const results: PerInvocationResult[] = [this.evaluateFirstTurn(first, conversationScenario)];
    for (let index = 1; index < actualInvocations.length; index++) {
      results.push(
        await this.evaluateTurn(
          actualInvocations[index] as Invocation,
          actualInvocations.slice(0, index),
          conversationScenario,
        ),
      );
    }
    const stopSignalResult = await this.evaluateTurn(
      {
        invocationId: STOP_SIGNAL_INVOCATION_ID,
        userContent: { parts: [{ text: this.criterion.stopSignal }] },
        creationTimestamp: 0,
      } as Invocation,
      actualInvocations,
      conversationScenario,
    );
    if (stopSignalResult.evalStatus === EvalStatus.FAILED) {
      results[results.length - 1] = stopSignalResult;
    }
    let valid = 0;
    for (const result of results) {
      if (result.evalStatus === EvalStatus.PASSED) valid += result.score ?? 0;
    }
    const overallScore = valid / results.length;
    return {
      overallScore,
      overallEvalStatus: evalStatusOf(overallScore, this.criterion.threshold),
      perInvocationResults: results,
    };
  }

  private evaluateFirstTurn(
    invocation: Invocation,
    scenario: ConversationScenario,
  ): PerInvocationResult {
    const text = getTextFromContent(invocation.userContent) ?? '';
    const score = text.trim() === scenario.startingPrompt.trim() ? 1 : 0;
    return {
      actualInvocation: invocation,
      score,
      evalStatus: evalStatusOf(score, this.threshold),
    };
  }

  private async evaluateTurn(
    invocation: Invocation,
    history: readonly Invocation[],
    scenario: ConversationScenario,
  ): Promise<PerInvocationResult> {
    const options = this.criterion.judgeModelOptions;
    const request = buildJudgeRequest(
      options.judgeModel,
      options.judgeModelConfig,
      formatPythonTemplate(PER_TURN_USER_SIMULATOR_QUALITY_V1_PROMPT, {
        conversation_plan: scenario.conversationPlan,
        conversation_history: formatConversationHistory(history),
        generated_user_response: getTextFromContent(invocation.userContent),
        stop_signal: this.criterion.stopSignal,
      }),
    );
    const samples: PerInvocationResult[] = [];
    for (let sample = 0; sample < options.numSamples; sample++) {
      const response = await sampleJudge(this.judgeModel, structuredClone(request));
      if (response === undefined) throw new JudgeNoResponseError({ model: this.judgeModel.model });
      const text = getTextFromContent(response.content);
      const label = text ? parseUserSimulatorCritique(text) : Label.NOT_FOUND;
      const score = label === Label.VALID ? 1 : label === Label.INVALID ? 0 : undefined;
      samples.push({
        actualInvocation: invocation,
        score,
        evalStatus: evalStatusOf(score, this.threshold),
      });
    }
    if (samples.length === 0) {
      return { actualInvocation: invocation, evalStatus: EvalStatus.NOT_EVALUATED };
    }
    return majorityVote(samples);
  }
}
