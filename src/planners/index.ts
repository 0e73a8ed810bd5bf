/*
 * The public planners API (Python `google.adk.planners`): how an LLM agent
 * plans before it acts (the base class, the model's built-in thinking, the
 * plan-and-react planner). src/index.ts re-exports all of it, so a name added
 * here is a public-API decision (test/packaging/public-surface.test.ts pins
 * the runtime names). The plan-and-react planner's tags stay out; its tests
 * import its file directly.
 */

export { BasePlanner } from './base-planner.js';
export { BuiltInPlanner } from './built-in-planner.js';
export { PlanReActPlanner } from './plan-re-act-planner.js';
