import type { Context } from '../context/context.js';
import type { ReadonlyContext } from '../context/readonly-context.js';
import type { LlmRequest } from '../models/llm-request.js';
import type { Part } from '../types/index.js';
import { BasePlanner } from './base-planner.js';

export const PLANNING_TAG = '/*PLANNING*/';
export const REPLANNING_TAG = '/*REPLANNING*/';
export const REASONING_TAG = '/*REASONING*/';
export const ACTION_TAG = '/*ACTION*/';
export const FINAL_ANSWER_TAG = '/*FINAL_ANSWER*/';

/**
 * Plan, then act (Python `PlanReActPlanner`): the instruction asks the model
 * to plan under `/*PLANNING*\/`, act under `/*ACTION*\/`, reason under
 * `/*REASONING*\/` and answer under `/*FINAL_ANSWER*\/`; in the response,
 * planning and reasoning become thoughts, and everything after the first
 * group of function calls is dropped. Works with any model.
 */
export class PlanReActPlanner extends BasePlanner {
  override buildPlanningInstruction(_context: ReadonlyContext, _request: LlmRequest): string {
    return plannerInstruction;
  }

  override processPlanningResponse(
    _context: Context,
    responseParts: readonly Part[],
  ): Part[] | undefined {
    if (responseParts.length === 0) return undefined;
    const preserved: Part[] = [];
    let firstCallIndex = -1;
    for (let index = 0; index < responseParts.length; index++) {
      const part = responseParts[index]!;
      if (part.functionCall) {
        // Calls with empty names are dropped.
        if (!part.functionCall.name) continue;
        preserved.push(part);
        firstCallIndex = index;
        break;
      }
      handleNonFunctionCallPart(part, preserved);
    }
    if (firstCallIndex > 0) {
      for (let index = firstCallIndex + 1; index < responseParts.length; index++) {
        const part = responseParts[index]!;
        if (!part.functionCall) break;
        preserved.push(part);
      }
    }
    return preserved;
  }
}

function handleNonFunctionCallPart(part: Part, preserved: Part[]): void {
  const text = part.text ?? '';
  if (text && text.includes(FINAL_ANSWER_TAG)) {
    const cut = text.lastIndexOf(FINAL_ANSWER_TAG) + FINAL_ANSWER_TAG.length;
    const reasoning = text.slice(0, cut);
    const finalAnswer = text.slice(cut);
    if (reasoning) preserved.push({ text: reasoning, thought: true });
    if (finalAnswer) preserved.push({ text: finalAnswer });
    return;
  }
  if (
    text &&
    [PLANNING_TAG, REASONING_TAG, ACTION_TAG, REPLANNING_TAG].some((tag) => text.startsWith(tag))
  ) {
    part.thought = true;
  }
  preserved.push(part);
}

// Python's planner instruction, verbatim: six preambles joined by a blank line.
const plannerInstruction = [
  `
When answering the question, try to leverage the available tools to gather the information instead of your memorized knowledge.

Follow this process when answering the question: (1) first come up with a plan in natural language text format; (2) Then use tools to execute the plan and provide reasoning between tool code snippets to make a summary of current state and next step. Tool code snippets and reasoning should be interleaved with each other. (3) In the end, return one final answer.

Follow this format when answering the question: (1) The planning part should be under ${PLANNING_TAG}. (2) The tool code snippets should be under ${ACTION_TAG}, and the reasoning parts should be under ${REASONING_TAG}. (3) The final answer part should be under ${FINAL_ANSWER_TAG}.
`,
  `
Below are the requirements for the planning:
The plan is made to answer the user query if following the plan. The plan is coherent and covers all aspects of information from user query, and only involves the tools that are accessible by the agent. The plan contains the decomposed steps as a numbered list where each step should use one or multiple available tools. By reading the plan, you can intuitively know which tools to trigger or what actions to take.
If the initial plan cannot be successfully executed, you should learn from previous execution results and revise your plan. The revised plan should be be under ${REPLANNING_TAG}. Then use tools to follow the new plan.
`,
  `
Below are the requirements for the reasoning:
The reasoning makes a summary of the current trajectory based on the user query and tool outputs. Based on the tool outputs and plan, the reasoning also comes up with instructions to the next steps, making the trajectory closer to the final answer.
`,
  `
Below are the requirements for the final answer:
The final answer should be precise and follow query formatting requirements. Some queries may not be answerable with the available tools and information. In those cases, inform the user why you cannot process their query and ask for more information.
`,
  `
Below are the requirements for the tool code:

**Custom Tools:** The available tools are described in the context and can be directly used.
- Code must be valid self-contained Python snippets with no imports and no references to tools or Python libraries that are not in the context.
- You cannot use any parameters or fields that are not explicitly defined in the APIs in the context.
- The code snippets should be readable, efficient, and directly relevant to the user query and reasoning steps.
- When using the tools, you should use the library name together with the function name, e.g., vertex_search.search().
- If Python libraries are not provided in the context, NEVER write your own code other than the function calls using the provided tools.
`,
  `
VERY IMPORTANT instruction that you MUST follow in addition to the above instructions:

You should ask for clarification if you need more information to answer the question.
You should prefer using the information available in the context instead of repeated tool use.
`,
].join('\n\n');
