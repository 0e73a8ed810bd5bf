import { z } from 'zod';
import { modelRule } from '../events/json-casing.js';

/** The testable property a rubric states (Python `RubricContent`). */
export const RubricContent = z.looseObject({
  /** The property being evaluated, e.g. "The agent's response is grammatically correct." */
  textProperty: z.string().optional(),
});
/** The testable property a rubric states. */
export type RubricContent = z.infer<typeof RubricContent>;

/** One rubric: a criterion a judge model checks a response or a tool use against. */
export const Rubric = z.looseObject({
  rubricId: z.string(),
  rubricContent: RubricContent,
  /** How the result of assessing the rubric is to be read. */
  description: z.string().optional(),
  /** An upper snake_case designator such as `TOOL_USE_QUALITY` or `FINAL_RESPONSE_QUALITY`. */
  type: z.string().optional(),
});
/** One rubric: a criterion a judge model checks a response or a tool use against. */
export type Rubric = z.infer<typeof Rubric>;

/** The score one rubric obtained; `score` is absent when the rubric was not assessed. */
export const RubricScore = z.looseObject({
  rubricId: z.string(),
  rationale: z.string().optional(),
  score: z.number().optional(),
});
/** The score one rubric obtained. */
export type RubricScore = z.infer<typeof RubricScore>;

/** The casing table of a `Rubric` (no user data inside). */
export const RUBRIC_CASING_RULE = modelRule({});

/** The casing table of a `RubricScore`: `score` is a Python float. */
export const RUBRIC_SCORE_CASING_RULE = modelRule({}, { floats: ['score'] });
