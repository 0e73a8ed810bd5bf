import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LlmAgent } from '../agents/llm-agent.js';
import { ConfigReferenceNotFoundError } from '../errors/config-reference-not-found-error.js';
import { GraphValidationError } from '../errors/graph-validation-error.js';
import { InvalidAgentConfigError } from '../errors/invalid-agent-config-error.js';
import type { Event } from '../events/event.js';
import { FunctionTool } from '../tools/function-tool.js';
import { runOnce } from '../testing/run-once.js';
import { ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { JoinNode } from '../workflow/join-node.js';
import type { NodeContext } from '../workflow/node-context.js';
import { Workflow } from '../workflow/workflow.js';
import type { ConfigRegistry } from './config-registry.js';
import { loadAgentFromYamlFile } from './load-agent-config.js';

/*
 * Issue 17 §7, workflows in YAML (`agent_class: Workflow`, ADK 2.x
 * `config_agent_utils.from_config`; see decision "workflows in YAML"): edges
 * as chains of node references, routing maps, explicit edges, inline and
 * file agent configs.
 */

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'adk-workflow-yaml-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function write(name: string, lines: readonly string[]): Promise<string> {
  const file = path.join(dir, name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${lines.join('\n')}\n`);
  return file;
}

function text(input: unknown): string {
  return ((input as { parts?: { text?: string }[] }).parts ?? []).map((p) => p.text ?? '').join('');
}

// Named functions: a FunctionNode takes its function's name, as in Python.
function classify(ctx: NodeContext, input: unknown): string {
  const message = text(input);
  if (message.includes('urgent')) ctx.route = 'urgent';
  return message;
}
function escalate(_ctx: NodeContext, input: unknown): string {
  return `escalated: ${String(input)}`;
}
function fallback(_ctx: NodeContext, input: unknown): string {
  return `queued: ${String(input)}`;
}

const registry: ConfigRegistry = {
  'nodes.classify': classify,
  'nodes.escalate': escalate,
  'nodes.fallback': fallback,
  'nodes.shout': (_ctx: NodeContext, input: unknown) => String(input).toUpperCase(),
  'nodes.join': new JoinNode({ name: 'join' }),
  'nodes.model': new ScriptedLlm({ responses: [textResponse('model says hi')] }),
  'nodes.lookup': new FunctionTool({
    name: 'lookup',
    description: 'Looks up.',
    execute: () => ({ found: true }),
  }),
};

function outputs(events: readonly Event[]): [string | undefined, unknown][] {
  return events
    .filter((event) => event.output !== undefined)
    .map((event) => [event.nodeInfo?.path, event.output]);
}

describe('YAML workflows: agent_class Workflow (issue 17 §7, Python config_agent_utils)', () => {
  it('builds a Workflow from chains of dotted names, a routing map with __DEFAULT__ and a bare back-reference', async () => {
    const file = await write('root_agent.yaml', [
      'agent_class: Workflow',
      'name: triage',
      'description: Routes messages.',
      'max_concurrency: 2',
      'edges:',
      '  - [START, nodes.classify]',
      '  - - classify',
      '    - urgent: nodes.escalate',
      '      __DEFAULT__: nodes.fallback',
    ]);
    const workflow = await loadAgentFromYamlFile(file, { registry });
    expect(workflow).toBeInstanceOf(Workflow);
    expect(workflow.description).toBe('Routes messages.');
    expect((workflow as Workflow).maxConcurrency).toBe(2);

    const urgent = await runOnce(workflow, { message: 'urgent: down' });
    expect(outputs(urgent.events)).toEqual([
      ['triage@1/classify@1', 'urgent: down'],
      ['triage@1/escalate@1', 'escalated: urgent: down'],
    ]);
    const other = await runOnce(workflow, { message: 'hello' });
    expect(outputs(other.events).at(-1)).toEqual(['triage@1/fallback@1', 'queued: hello']);
  });

  it('fans out with a list, joins with a registered JoinNode, and names an anonymous function after its export', async () => {
    const file = await write('root_agent.yaml', [
      'agent_class: Workflow',
      'name: fan',
      'edges:',
      '  - [START, nodes.classify, [nodes.shout, nodes.escalate], nodes.join]',
    ]);
    const { events } = await runOnce(await loadAgentFromYamlFile(file, { registry }), {
      message: 'go',
    });
    expect(outputs(events).at(-1)).toEqual([
      'fan@1/join@1',
      { shout: 'GO', escalate: 'escalated: go' },
    ]);
  });

  it('takes explicit edges (from_node, to_node, route) and agents from inline configs and config files', async () => {
    await write('greeter.yaml', [
      'name: greeter',
      'model_code:',
      '  name: nodes.model',
      'instruction: Greet.',
    ]);
    const file = await write('root_agent.yaml', [
      'agent_class: Workflow',
      'name: mixed',
      'edges:',
      '  - [START, nodes.classify]',
      '  - from_node: classify',
      '    to_node: greeter.yaml',
      '    route: __DEFAULT__',
      '  - - classify',
      '    - name: tool_user',
      '      instruction: Use tools.',
      '      model_code: {name: nodes.model}',
      '      tools: [{name: nodes.lookup}]',
      '  - from_node: classify',
      '    to_node: nodes.escalate',
      '    route: [urgent, critical]',
    ]);
    const workflow = (await loadAgentFromYamlFile(file, { registry })) as Workflow;
    const names = workflow.graph.nodes.map((node) => node.name).sort();
    expect(names).toEqual(['__START__', 'classify', 'escalate', 'greeter', 'tool_user']);
    const edges = workflow.graph.edges.map(
      (edge) => `${edge.fromNode.name}->${edge.toNode.name}:${JSON.stringify(edge.route ?? null)}`,
    );
    expect(edges).toEqual([
      '__START__->classify:null',
      'classify->greeter:"__DEFAULT__"',
      'classify->tool_user:null',
      'classify->escalate:["urgent","critical"]',
    ]);
    const agents = workflow.graph.nodes.flatMap((node) => {
      const agent = (node as { agent?: unknown }).agent;
      return agent instanceof LlmAgent ? [agent] : [];
    });
    expect(agents.map((agent) => [agent.name, agent.tools.length])).toEqual([
      ['greeter', 0],
      ['tool_user', 1],
    ]);
  });

  it('nests a Workflow config file as a node of another', async () => {
    await write('inner.yaml', [
      'agent_class: Workflow',
      'name: inner',
      'edges:',
      '  - [START, nodes.classify, nodes.shout]',
    ]);
    const file = await write('root_agent.yaml', [
      'agent_class: Workflow',
      'name: outer',
      'edges:',
      '  - [START, inner.yaml, nodes.escalate]',
    ]);
    const { events } = await runOnce(await loadAgentFromYamlFile(file, { registry }), {
      message: 'hey',
    });
    expect(outputs(events).at(-1)).toEqual(['outer@1/escalate@1', 'escalated: HEY']);
  });

  it('rejects a bare name that no earlier reference defined (InvalidAgentConfigError naming the file)', async () => {
    const file = await write('root_agent.yaml', [
      'agent_class: Workflow',
      'name: wf',
      'edges:',
      '  - [START, classify]',
      '  - [START, nodes.classify]',
    ]);
    const error = await loadAgentFromYamlFile(file, { registry }).catch((e: unknown) => e);
    expect(InvalidAgentConfigError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain(`Invalid workflow edges in ${file}`);
    expect((error as Error).message).toContain('unknown node "classify"');
  });

  it('rejects unknown fields, missing edges and a routing map leading to a mapping', async () => {
    const extra = await write('extra.yaml', [
      'agent_class: Workflow',
      'name: wf',
      'sub_agents: []',
      'edges: [[START, nodes.shout]]',
    ]);
    await expect(loadAgentFromYamlFile(extra, { registry })).rejects.toThrow(
      /sub_agents: Extra inputs are not permitted/,
    );
    const noEdges = await write('no-edges.yaml', ['agent_class: Workflow', 'name: wf']);
    await expect(loadAgentFromYamlFile(noEdges, { registry })).rejects.toThrow(/edges/);
    const nested = await write('nested.yaml', [
      'agent_class: Workflow',
      'name: wf',
      'edges:',
      '  - [START, nodes.classify, {urgent: {agent: x}}]',
    ]);
    await expect(loadAgentFromYamlFile(nested, { registry })).rejects.toThrow(
      /route "urgent" must lead to a node reference or a list of them, not a mapping/,
    );
  });

  it('rejects references to unknown code and to registered things that are not nodes', async () => {
    const unknown = await write('unknown.yaml', [
      'agent_class: Workflow',
      'name: wf',
      'edges: [[START, nodes.missing]]',
    ]);
    const missing = await loadAgentFromYamlFile(unknown, { registry }).catch((e: unknown) => e);
    expect(ConfigReferenceNotFoundError.isInstance(missing)).toBe(true);
    const model = await write('model.yaml', [
      'agent_class: Workflow',
      'name: wf',
      'edges: [[START, nodes.model]]',
    ]);
    await expect(loadAgentFromYamlFile(model, { registry })).rejects.toThrow(
      /`nodes.model` \(in .*model.yaml\) is registered but is not a node, function, agent or tool/,
    );
  });

  it('the graph is validated as in code: an unconditional cycle is a GraphValidationError', async () => {
    const file = await write('root_agent.yaml', [
      'agent_class: Workflow',
      'name: wf',
      'edges:',
      '  - [START, nodes.shout, nodes.escalate, shout]',
    ]);
    const error = await loadAgentFromYamlFile(file, { registry }).catch((e: unknown) => e);
    expect(GraphValidationError.isInstance(error)).toBe(true);
  });

  it('loads the example of docs/agent-config.md (fan-out list, explicit edge with a number route)', async () => {
    await write('answerer.yaml', [
      'name: answerer',
      'instruction: Answer.',
      'model_code: {name: nodes.model}',
    ]);
    const file = await write('root_agent.yaml', [
      'agent_class: Workflow',
      'name: triage_workflow',
      'max_concurrency: 4',
      'edges:',
      '  - [START, my_app.nodes.classify]',
      '  - - classify',
      '    - urgent: my_app.nodes.escalate',
      '      __DEFAULT__: answerer.yaml',
      '  - [classify, [my_app.nodes.log, my_app.nodes.audit]]',
      '  - from_node: classify',
      '    to_node: my_app.nodes.archive',
      '    route: [spam, 3]',
    ]);
    const docsRegistry: ConfigRegistry = {
      'nodes.model': registry['nodes.model']!,
      'my_app.nodes.classify': classify,
      'my_app.nodes.escalate': escalate,
      'my_app.nodes.log': () => 'logged',
      'my_app.nodes.audit': () => 'audited',
      'my_app.nodes.archive': () => 'archived',
    };
    const workflow = (await loadAgentFromYamlFile(file, { registry: docsRegistry })) as Workflow;
    expect(
      workflow.graph.edges.map(
        (edge) =>
          `${edge.fromNode.name}->${edge.toNode.name}:${JSON.stringify(edge.route ?? null)}`,
      ),
    ).toEqual([
      '__START__->classify:null',
      'classify->escalate:"urgent"',
      'classify->answerer:"__DEFAULT__"',
      'classify->log:null',
      'classify->audit:null',
      'classify->archive:["spam",3]',
    ]);
  });
});
