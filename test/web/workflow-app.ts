import { LlmAgent } from '../../src/agents/llm-agent.js';
import { ScriptedLlm, textResponse } from '../../src/testing/scripted-llm.js';
import { AgentNode } from '../../src/workflow/agent-node.js';
import { FunctionNode } from '../../src/workflow/function-node.js';
import { JoinNode } from '../../src/workflow/join-node.js';
import type { NodeContext } from '../../src/workflow/node-context.js';
import { DEFAULT_ROUTE, START } from '../../src/workflow/start.js';
import { Workflow } from '../../src/workflow/workflow.js';

/** The name the browser tests serve the triage workflow under. */
export const WORKFLOW_APP_NAME = 'triage_app';

/** What the scripted `answer` agent says. */
export const ANSWER_TEXT = 'Open Settings, then Sign in.';

/**
 * The triage workflow of the dev UI's workflow tests: `classify` routes a
 * message that mentions a crash to `file_bug` (route `bug`) and anything
 * else to the scripted `answer` agent (DEFAULT_ROUTE); a filed bug fans out
 * to the nested `notify` workflow and to `audit`, joined by `done`.
 */
export function createWorkflowApp(): Workflow {
  const classify = new FunctionNode('classify', (ctx: NodeContext, input: unknown) => {
    ctx.route = JSON.stringify(input).includes('crash') ? 'bug' : 'question';
    return 'classified';
  });
  const fileBug = new FunctionNode('file_bug', () => 'BUG-1');
  const answer = new AgentNode(
    new LlmAgent({
      name: 'answer',
      model: new ScriptedLlm({ responses: () => textResponse(ANSWER_TEXT) }),
    }),
  );
  const email = new FunctionNode('email', () => 'emailed');
  const notify = new Workflow({ name: 'notify', edges: [[START, email]] });
  const audit = new FunctionNode('audit', () => 'audited');
  const done = new JoinNode({ name: 'done' });
  return new Workflow({
    name: 'triage',
    edges: [
      [START, classify, { bug: fileBug, [DEFAULT_ROUTE]: answer }],
      [fileBug, notify.node, done],
      [fileBug, audit, done],
    ],
  });
}
