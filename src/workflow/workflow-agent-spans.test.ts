import { trace } from '@opentelemetry/api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import type { StoredSpan } from '../telemetry/recording-span.js';
import { InMemorySpanStore, registerSpanStore } from '../telemetry/span-store.js';
import { ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { AgentNode } from './agent-node.js';
import { FunctionNode } from './function-node.js';
import { START } from './start.js';
import { Workflow } from './workflow.js';
import { runWorkflow } from './workflow-run-test-fixtures.js';

// Issue 17 §7: one span per node run, named as adk-python's telemetry/node_tracing.py names
// them (invoke_workflow for a Workflow, invoke_agent for an agent node, invoke_node otherwise).

const store = new InMemorySpanStore();

beforeAll(() => {
  trace.disable();
  expect(registerSpanStore(store)).toBe(true);
});
afterAll(() => trace.disable());
afterEach(() => store.clear());

function byName(spans: readonly StoredSpan[]): Map<string, StoredSpan[]> {
  const map = new Map<string, StoredSpan[]>();
  for (const span of spans) map.set(span.name, [...(map.get(span.name) ?? []), span]);
  return map;
}

describe('Workflow spans (telemetry/node_tracing.py start_as_current_node_span)', () => {
  it('a root Workflow is one invoke_workflow span, an agent node one invoke_agent span', async () => {
    const helper = new LlmAgent({
      name: 'helper',
      model: new ScriptedLlm({ responses: [textResponse('drafted')] }),
    });
    const prepare = new FunctionNode('prepare', () => 'topic');
    const run = await runWorkflow(
      new Workflow({ name: 'wf', edges: [[START, prepare, new AgentNode(helper)]] }),
    );
    expect(run.error).toBeUndefined();
    const spans = byName(store.getAllSpans());
    expect(spans.has('invoke_agent wf')).toBe(false);
    expect(spans.has('invoke_node helper')).toBe(false);
    const [workflow] = spans.get('invoke_workflow wf') ?? [];
    const [invocation] = spans.get('invocation') ?? [];
    expect(workflow?.parentSpanId).toBe(invocation?.spanId);
    const [agent] = spans.get('invoke_agent helper') ?? [];
    expect(agent?.parentSpanId).toBe(workflow?.spanId);
    expect(agent?.attributes['gen_ai.agent.name']).toBe('helper');
    expect(spans.get('invoke_node prepare')?.[0]?.parentSpanId).toBe(workflow?.spanId);
    expect(spans.get('call_llm')?.[0]?.parentSpanId).toBe(agent?.spanId);
  });
});
