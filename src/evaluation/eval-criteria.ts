import { z } from 'zod';
import { VERBATIM, modelRule } from '../events/json-casing.js';
import { Rubric } from './eval-rubrics.js';
import { GenaiGenerateContentConfig } from './genai-schemas.js';

/** The judge model used when a criterion names none (Python's default). */
export const DEFAULT_JUDGE_MODEL = 'gemini-2.5-flash';

/** How many times a judge is sampled per invocation when a criterion does not say. */
export const DEFAULT_JUDGE_NUM_SAMPLES = 5;

/** The signal a simulated user emits when its conversation is done. */
export const DEFAULT_USER_SIMULATOR_STOP_SIGNAL = '</finished>';

/** Options of a metric's judge model (Python `JudgeModelOptions`); every field has a default. */
export const JudgeModelOptions = z.looseObject({
  /** A model name the LLM registry resolves. */
  judgeModel: z.string().default(DEFAULT_JUDGE_MODEL),
  judgeModelConfig: GenaiGenerateContentConfig.optional(),
  /** Samples per invocation, aggregated by the metric (models are not fully reliable). */
  numSamples: z.number().int().default(DEFAULT_JUDGE_NUM_SAMPLES),
});
/** Options of a metric's judge model. */
export type JudgeModelOptions = z.infer<typeof JudgeModelOptions>;

/**
 * The criterion a metric is judged by (Python `BaseCriterion`): a threshold,
 * and any fields a metric-specific criterion adds, kept as given (Python's
 * `extra="allow"`), since a config holds criteria of every kind read as this
 * one. A metric reads its own kind with that kind's schema.
 */
export const BaseCriterion = z.looseObject({
  threshold: z.number(),
});
/** The criterion a metric is judged by. */
export type BaseCriterion = z.infer<typeof BaseCriterion>;

const judgeModelOptions = JudgeModelOptions.prefault({});

/** Criterion of an LLM-as-a-judge metric (Python `LlmAsAJudgeCriterion`). */
export const LlmAsAJudgeCriterion = BaseCriterion.extend({
  judgeModelOptions,
});
/** Criterion of an LLM-as-a-judge metric. */
export type LlmAsAJudgeCriterion = z.infer<typeof LlmAsAJudgeCriterion>;

/** Criterion of a rubric-based metric (Python `RubricsBasedCriterion`); `rubrics` defaults to none. */
export const RubricsBasedCriterion = BaseCriterion.extend({
  judgeModelOptions,
  rubrics: z.array(Rubric).default(() => []),
});
/** Criterion of a rubric-based metric. */
export type RubricsBasedCriterion = z.infer<typeof RubricsBasedCriterion>;

/**
 * Criterion of the hallucinations metric (Python `HallucinationsCriterion`);
 * by default only the final response is checked.
 */
export const HallucinationsCriterion = BaseCriterion.extend({
  judgeModelOptions,
  evaluateIntermediateNlResponses: z.boolean().default(false),
});
/** Criterion of the hallucinations metric. */
export type HallucinationsCriterion = z.infer<typeof HallucinationsCriterion>;

/**
 * How actual tool calls are matched against the expected ones (Python
 * `ToolTrajectoryCriterion.MatchType`, whose values are 0, 1 and 2):
 * - `EXACT`: the same calls in the same order, none extra.
 * - `IN_ORDER`: the expected calls appear in order; extra calls between them are allowed.
 * - `ANY_ORDER`: the expected calls appear in any order; extra calls are allowed.
 */
export const ToolTrajectoryMatchType = {
  EXACT: 'EXACT',
  IN_ORDER: 'IN_ORDER',
  ANY_ORDER: 'ANY_ORDER',
} as const;
/** How actual tool calls are matched against the expected ones. */
export type ToolTrajectoryMatchType =
  (typeof ToolTrajectoryMatchType)[keyof typeof ToolTrajectoryMatchType];

const MATCH_TYPE_BY_PYTHON_VALUE: readonly ToolTrajectoryMatchType[] = [
  'EXACT',
  'IN_ORDER',
  'ANY_ORDER',
];

/**
 * The match type `value` names: Python's integer value (0, 1, 2) or a name
 * in any case with `-` or spaces for `_` (`"in order"`, `"ANY-ORDER"`), as
 * Python's validator reads it; `undefined` when it names none.
 */
export function toolTrajectoryMatchTypeOf(value: unknown): ToolTrajectoryMatchType | undefined {
  if (typeof value === 'number') return MATCH_TYPE_BY_PYTHON_VALUE[value];
  if (typeof value !== 'string') return undefined;
  const normalized = value.trim().toUpperCase().replace(/[- ]/g, '_');
  return MATCH_TYPE_BY_PYTHON_VALUE.find((name) => name === normalized);
}

/** Criterion of the tool trajectory metric (Python `ToolTrajectoryCriterion`); `EXACT` by default. */
export const ToolTrajectoryCriterion = BaseCriterion.extend({
  matchType: z
    .unknown()
    .optional()
    .transform((value, context): ToolTrajectoryMatchType => {
      const matchType = value === undefined ? 'EXACT' : toolTrajectoryMatchTypeOf(value);
      if (matchType !== undefined) return matchType;
      context.addIssue({
        code: 'custom',
        message: `Invalid match type ${JSON.stringify(value)}: use EXACT, IN_ORDER or ANY_ORDER.`,
      });
      return z.NEVER;
    }),
});
/** Criterion of the tool trajectory metric. */
export type ToolTrajectoryCriterion = z.infer<typeof ToolTrajectoryCriterion>;

/** Criterion of the LLM-backed user simulator's quality metric (Python `LlmBackedUserSimulatorCriterion`). */
export const LlmBackedUserSimulatorCriterion = LlmAsAJudgeCriterion.extend({
  /** Marks a finished conversation; best equal to the simulator's own. */
  stopSignal: z.string().default(DEFAULT_USER_SIMULATOR_STOP_SIGNAL),
});
/** Criterion of the LLM-backed user simulator's quality metric. */
export type LlmBackedUserSimulatorCriterion = z.infer<typeof LlmBackedUserSimulatorCriterion>;

/**
 * The casing table of a criterion: the judge's generation config keeps its
 * schemas as written; everything else is re-cased (Python's aliases).
 */
export const CRITERION_CASING_RULE = modelRule(
  {
    judgeModelOptions: modelRule({
      judgeModelConfig: modelRule({ responseSchema: VERBATIM, responseJsonSchema: VERBATIM }),
    }),
  },
  { floats: ['threshold'] },
);
