import { isInvocationEvents, type Invocation } from '../eval-case.js';
import { EvalStatus, type EvalMetric } from '../eval-metrics.js';
import type {
  EvaluateInvocationsRequest,
  EvaluationResult,
  PerInvocationResult,
} from '../evaluator.js';
import { checkInvocationLengths } from '../metric-scoring.js';
import { formatPythonTemplate } from './python-format.js';
import { pythonJsonDumps } from '../../utils/python-json.js';
import {
  RubricBasedEvaluator,
  type RubricBasedEvaluatorOptions,
} from './rubric-based-evaluator.js';
import { RUBRIC_BASED_MULTI_TURN_TRAJECTORY_QUALITY_V1_PROMPT } from './rubric-based-multi-turn-trajectory-quality-v1-prompt.js';

/** The rubric type of the invocation rubrics this metric takes. */
export const TRAJECTORY_QUALITY_RUBRIC_TYPE = 'TRAJECTORY_QUALITY';

/** The conversation, instructions and tools a multi-turn judge is shown. */
export interface MultiTurnDialogue {
  readonly dialogue: string;
  readonly instructions: string;
  readonly tools: string;
}

function texts(parts: readonly { text?: string | undefined }[] | undefined): string[] {
  return (parts ?? [])
    .map((part) => part.text)
    .filter((text): text is string => typeof text === 'string' && text !== '');
}

// A declaration's functions, from a genai Tool or a dict read from a Python file.
function functionsOf(tool: unknown): { name?: unknown; description?: unknown }[] {
  if (tool === null || typeof tool !== 'object') return [];
  const record = tool as Record<string, unknown>;
  const functions = record['functionDeclarations'] ?? record['function_declarations'];
  return Array.isArray(functions) ? (functions as { name?: unknown; description?: unknown }[]) : [];
}

const pythonValue = (value: unknown): string =>
  value === undefined || value === null ? 'None' : String(value);

/**
 * The whole conversation as the reference's multi-turn judge reads it
 * (Python `_assemble_dialogue_history`): `USER TURN n: …`, then each event's
 * text, tool calls `name({args})` and tool outputs `name -> {response}` as
 * `AGENT (<author>) TURN n…` lines (or `USER` for events the user wrote),
 * then the final response as the turn's first author's (`agent` when none);
 * and the distinct instructions and tool lists of the apps involved.
 */
export function assembleMultiTurnDialogue(invocations: readonly Invocation[]): MultiTurnDialogue {
  const lines: string[] = [];
  invocations.forEach((invocation, index) => {
    const turn = index + 1;
    const userTexts = texts(invocation.userContent.parts);
    if (userTexts.length > 0) lines.push(`USER TURN ${turn}: ${userTexts.join(' ')}`);
    const data = invocation.intermediateData;
    const events = data && isInvocationEvents(data) ? data.invocationEvents : [];
    for (const event of events) {
      const role =
        event.author && event.author.toLowerCase() === 'user' ? 'USER' : `AGENT (${event.author})`;
      const parts = event.content?.parts ?? [];
      if (parts.length === 0) continue;
      const eventTexts = texts(parts);
      if (eventTexts.length > 0) lines.push(`${role} TURN ${turn}: ${eventTexts.join(' ')}`);
      for (const part of parts) {
        if (part.functionCall) {
          const args = part.functionCall.args ?? {};
          lines.push(
            `${role} TURN ${turn} (tool call): ${pythonValue(part.functionCall.name)}(${pythonJsonDumps(args, { ensureAscii: true })})`,
          );
        }
        if (part.functionResponse) {
          const response = part.functionResponse.response ?? {};
          lines.push(
            `${role} TURN ${turn} (tool output): ${pythonValue(part.functionResponse.name)} -> ${pythonJsonDumps(response, { ensureAscii: true })}`,
          );
        }
      }
    }
    const finalTexts = texts(invocation.finalResponse?.parts);
    if (finalTexts.length > 0) {
      const agentName = events[0]?.author ?? 'agent';
      lines.push(`AGENT (${agentName}) TURN ${turn}: ${finalTexts.join(' ')}`);
    }
  });

  const instructions = new Set<string>();
  const tools = new Set<string>();
  for (const invocation of invocations) {
    for (const [agentId, details] of Object.entries(invocation.appDetails?.agentDetails ?? {})) {
      instructions.add(`Agent ${agentId} Instructions:\n${details.instructions}`);
      tools.add(`Agent: ${agentId}`);
      for (const tool of details.toolDeclarations) {
        for (const fn of functionsOf(tool)) {
          tools.add(`- ${pythonValue(fn.name)}: ${pythonValue(fn.description)}`);
        }
      }
    }
  }
  return {
    dialogue: lines.join('\n'),
    instructions: [...instructions].join('\n\n'),
    tools: [...tools].join('\n'),
  };
}

/**
 * `rubric_based_multi_turn_trajectory_quality_v1`: an LLM judge checks the
 * agent's behaviour over a whole conversation against rubrics, with the
 * reference's prompt, which shows the apps' instructions and tools, every
 * turn (user messages, agent texts, tool calls and outputs, final
 * responses) and the rubrics as a JSON list of `{id, property, type}`. The
 * judge runs once, on the last turn; earlier turns are not evaluated, and
 * the last turn's result is the case's. The rubrics in force are the
 * criterion's and the last invocation's own of type `TRAJECTORY_QUALITY`.
 * Scoring as `RubricBasedEvaluator`.
 */
export class RubricBasedMultiTurnTrajectoryEvaluator extends RubricBasedEvaluator {
  private dialogue: MultiTurnDialogue = { dialogue: '', instructions: '', tools: '' };

  /**
   * Throws `InvalidArgumentError` for a criterion that is not a
   * `RubricsBasedCriterion` with rubrics, and `ModelNotFoundError` for an
   * unknown judge model name when no judge model is given.
   */
  constructor(evalMetric: EvalMetric, options: RubricBasedEvaluatorOptions = {}) {
    super(evalMetric, TRAJECTORY_QUALITY_RUBRIC_TYPE, options);
  }

  /** Judges the conversation once, on its last turn. */
  override async evaluateInvocations({
    actualInvocations,
    expectedInvocations,
    conversationScenario,
  }: EvaluateInvocationsRequest): Promise<EvaluationResult> {
    checkInvocationLengths(actualInvocations, expectedInvocations);
    const last = actualInvocations.at(-1);
    if (last === undefined) {
      return { overallEvalStatus: EvalStatus.NOT_EVALUATED, perInvocationResults: [] };
    }
    this.dialogue = assembleMultiTurnDialogue(actualInvocations);
    const results: PerInvocationResult[] = actualInvocations.slice(0, -1).map((actual, index) => ({
      actualInvocation: actual,
      expectedInvocation: expectedInvocations?.[index],
      score: undefined,
      evalStatus: EvalStatus.NOT_EVALUATED,
    }));
    const lastExpected = expectedInvocations?.at(-1);
    const lastResult = await super.evaluateInvocations({
      actualInvocations: [last],
      expectedInvocations: lastExpected ? [lastExpected] : undefined,
      conversationScenario,
    });
    if (lastResult.perInvocationResults.length > 0) {
      results.push(...lastResult.perInvocationResults);
    } else {
      results.push({
        actualInvocation: last,
        expectedInvocation: lastExpected,
        score: lastResult.overallScore,
        evalStatus: lastResult.overallEvalStatus,
        rubricScores: lastResult.overallRubricScores,
      });
    }
    return {
      overallScore: lastResult.overallScore,
      overallEvalStatus: lastResult.overallEvalStatus,
      perInvocationResults: results,
      overallRubricScores: lastResult.overallRubricScores,
    };
  }

  protected override formatAutoRaterPrompt(actual: Invocation): string {
    const properties = this.effectiveRubrics(actual).map((rubric) => ({
      id: rubric.rubricId,
      property: rubric.rubricContent.textProperty ?? null,
      ...(rubric.type ? { type: rubric.type } : {}),
    }));
    return formatPythonTemplate(RUBRIC_BASED_MULTI_TURN_TRAJECTORY_QUALITY_V1_PROMPT, {
      user_agent_dialogue: this.dialogue.dialogue,
      properties: pythonJsonDumps(properties, { indent: 2, ensureAscii: true }),
      agent_instructions: this.dialogue.instructions,
      agent_tool_definitions: this.dialogue.tools,
    });
  }
}
