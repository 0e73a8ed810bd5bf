import { describe, expect, it } from 'vitest';
import { createEvent } from '../events/event.js';
import { Session } from '../sessions/session.js';
import { ScriptedAgent, modelText } from '../testing/test-agents.js';
import { FunctionNode } from '../workflow/function-node.js';
import { START } from '../workflow/start.js';
import { Workflow } from '../workflow/workflow.js';
import { findAgentToRun } from './find-agent-to-run.js';

describe('findAgentToRun with workflow node events (spec 000 §1.4, issue 17 §5 runners.py)', () => {
  function tree() {
    const workflow = new Workflow({
      name: 'approvals',
      edges: [[START, new FunctionNode('ask', () => 'unused')]],
    });
    const root = new ScriptedAgent({
      name: 'root',
      subAgents: [workflow],
      steps: [{ content: modelText('root') }],
    });
    return { root, workflow };
  }

  it('answers a node call through the workflow its nodeInfo.path names, not the node author', () => {
    const { root, workflow } = tree();
    const session = Session.parse({ id: 's', appName: 'app', userId: 'u' });
    session.events.push(
      createEvent({
        author: 'ask',
        nodeInfo: { path: 'approvals@1/ask@1' },
        content: {
          role: 'model',
          parts: [{ functionCall: { id: 'i1', name: 'adk_request_input', args: {} } }],
        },
        longRunningToolIds: ['i1'],
      }),
      createEvent({
        author: 'user',
        content: {
          role: 'user',
          parts: [{ functionResponse: { id: 'i1', name: 'adk_request_input', response: {} } }],
        },
      }),
    );
    expect(findAgentToRun(session, root)).toBe(workflow);
  });
});
