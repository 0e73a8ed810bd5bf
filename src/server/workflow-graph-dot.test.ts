import { describe, expect, it } from 'vitest';
import { createEvent } from '../events/event.js';
import { routeText } from './route-text.js';
import { subWorkflows, workflowGraphDot } from './workflow-graph-dot.js';
import { workflowRunPaths } from './workflow-run-paths.js';

// Issue 17 §7: adk-python's cli/utils/graph_visualization.py plot_workflow_graph and
// dev_server.py _get_all_sub_workflows, over the JSON serialize_app_info writes.

const node = (name: string, type = 'function') => ({ name, type });
const edge = (from: string, to: string, route?: unknown) => ({
  from_node: { name: from },
  to_node: { name: to },
  ...(route === undefined ? {} : { route }),
});

describe('plot_workflow_graph (graph_visualization.py)', () => {
  it('labels routes as Python prints them and sends routed-only nodes to END on __DEFAULT__', () => {
    const dot = workflowGraphDot(
      {
        name: 'wf',
        graph: {
          nodes: [node('__START__', 'start'), node('check'), node('yes'), node('many')],
          edges: [
            edge('__START__', 'check'),
            edge('check', 'yes', true),
            edge('check', 'many', ['a', 2]),
            edge('yes', 'many', 0),
          ],
        },
      },
      { darkMode: false },
    );
    expect(dot).toContain('"check" -> "yes" [label="  True"]');
    expect(dot).toContain(`"check" -> "many" [label="  ['a', 2]"]`);
    // A falsy route draws no label and does not make its node a router (Python truthiness).
    expect(dot).toContain('"yes" -> "many" [label=""]');
    expect(dot).toMatch(/"check" \[label="check"[^\n]*shape="diamond"/);
    expect(dot).toMatch(/"yes" \[label="yes"[^\n]*style="rounded,filled"/);
    // check has only routed edges: it may end the run when none matches.
    expect(dot).toContain('"check" -> "__END__" [label="  __DEFAULT__"]');
    expect(dot).toContain('"many" -> "__END__" [label=""]');
    expect(dot).toContain('bgcolor="#F8FAFC"');
  });

  it('draws an agent without a graph as the tree of its sub-agents, and nothing without them', () => {
    const tree = workflowGraphDot(
      { name: 'root', sub_agents: [{ name: 'child', sub_agents: [] }] },
      { darkMode: true },
    );
    expect(tree).toContain('"root" -> "child" [label=""]');
    expect(tree).not.toContain('__END__');
    expect(tree).toContain('bgcolor="#0F172A"');
    expect(workflowGraphDot({ name: 'alone', sub_agents: [] }, { darkMode: false })).toBe('');
  });

  it('finds every workflow below an agent through sub-agents and graph nodes, keyed by path', () => {
    const inner = { name: 'inner', type: 'workflow', graph: { nodes: [node('x')], edges: [] } };
    const flow = { name: 'flow', graph: { nodes: [node('__START__', 'start'), inner], edges: [] } };
    const found = subWorkflows({ name: 'root', sub_agents: [flow] }, '');
    expect([...found.keys()]).toEqual(['flow', 'flow/inner']);
    expect([...subWorkflows(flow, 'root/flow').keys()]).toEqual(['root/flow', 'root/flow/inner']);
  });

  it('routeText writes strings bare, booleans capitalised, lists in brackets', () => {
    expect(routeText('bug')).toBe('bug');
    expect(routeText(false)).toBe('False');
    expect(routeText(3)).toBe('3');
    expect(routeText(['x', true])).toBe("['x', True]");
  });
});

describe('the run path of an event (per-event graph highlight)', () => {
  it('keeps the invocation’s node paths up to the event, run ids removed, prefixes included', () => {
    const at = (invocationId: string, path?: string) =>
      createEvent({ author: 'a', invocationId, ...(path ? { nodeInfo: { path } } : {}) });
    const events = [
      at('e-1', 'wf@1/old@1'),
      at('e-2'),
      at('e-2', 'wf@1/a@1'),
      at('e-2', 'wf@1/inner@1/b@2'),
      at('e-2', 'wf@1/c@1'),
    ];
    expect([...workflowRunPaths(events, events[3]!.id)].sort()).toEqual([
      'wf',
      'wf/a',
      'wf/inner',
      'wf/inner/b',
    ]);
    expect([...workflowRunPaths(events, 'missing')]).toEqual([]);
  });
});
