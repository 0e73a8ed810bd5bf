/** Planners: how an LLM agent plans before it acts (Python `google.adk.planners`). */
export { BasePlanner } from './base-planner.js';
export { BuiltInPlanner } from './built-in-planner.js';
export {
  ACTION_TAG,
  FINAL_ANSWER_TAG,
  PLANNING_TAG,
  PlanReActPlanner,
  REASONING_TAG,
  REPLANNING_TAG,
} from './plan-re-act-planner.js';
