import type { BaseAgent } from '../agents/base-agent.js';
import { LlmAgent } from '../agents/llm-agent.js';
import { LoopAgent } from '../agents/loop-agent.js';
import { GENERATE_CONTENT_CONFIG_RULE, toSnakeCaseKeys } from '../config/genai-keys.js';
import { BaseLlm } from '../models/base-llm.js';
import type { App } from '../runner/app.js';
import { BaseToolset } from '../tools/base-toolset.js';
import { Workflow } from '../workflow/workflow.js';
import { serializeWorkflow } from './workflow-app-info.js';

/** A JSON object as `build_graph` sends it (snake_case keys, as Python's field names). */
export type AppInfoJson = Record<string, unknown>;

/**
 * An agent as adk-python's `serialize_agent` writes it for the dev UI: its
 * fields under their Python (snake_case) names, in Python's declaration
 * order, unset ones left out; callbacks, instruction providers and schema
 * classes are left out (Python skips callables); `sub_agents` recursively;
 * `tools` as `[{name, type: "tool"}]` without the tools that stand for a
 * sub-agent; a model object as `{model: <name>}`; a planner or code
 * executor as its class name. A Workflow is written as Python writes one
 * (`serializeWorkflow`: its node fields and its `graph` of nodes and edges).
 */
export function serializeAgent(agent: BaseAgent): AppInfoJson {
  if (agent instanceof Workflow) return serializeWorkflow(agent, serializeAgent);
  const out: AppInfoJson = {};
  out['name'] = agent.name;
  out['description'] = agent.description;
  out['sub_agents'] = agent.subAgents.map(serializeAgent);
  if (agent instanceof LoopAgent && agent.maxIterations !== undefined) {
    out['max_iterations'] = agent.maxIterations;
  }
  if (!(agent instanceof LlmAgent)) return out;
  if (agent.model !== undefined) {
    out['model'] = agent.model instanceof BaseLlm ? { model: agent.model.model } : agent.model;
  }
  if (typeof agent.instruction === 'string') out['instruction'] = agent.instruction;
  if (typeof agent.globalInstruction === 'string') {
    out['global_instruction'] = agent.globalInstruction;
  }
  if (agent.staticInstruction !== undefined) out['static_instruction'] = agent.staticInstruction;
  out['tools'] = serializeTools(agent);
  if (agent.generateContentConfig !== undefined) {
    out['generate_content_config'] = toSnakeCaseKeys(
      agent.generateContentConfig,
      GENERATE_CONTENT_CONFIG_RULE,
    );
  }
  out['disallow_transfer_to_parent'] = agent.disallowTransferToParent;
  out['disallow_transfer_to_peers'] = agent.disallowTransferToPeers;
  out['include_contents'] = agent.includeContents;
  if (agent.outputKey !== undefined) out['output_key'] = agent.outputKey;
  if (agent.planner !== undefined) out['planner'] = agent.planner.constructor.name;
  if (agent.codeExecutor !== undefined) out['code_executor'] = agent.codeExecutor.constructor.name;
  return out;
}

function serializeTools(agent: LlmAgent): AppInfoJson[] {
  const subAgentNames = new Set(agent.subAgents.map((subAgent) => subAgent.name));
  const tools: AppInfoJson[] = [];
  for (const tool of agent.tools) {
    const name = tool instanceof BaseToolset ? tool.constructor.name : tool.name;
    if (subAgentNames.has(name)) continue;
    tools.push({ name, type: 'tool' });
  }
  return tools;
}

/**
 * What `GET /dev/apps/{app}/build_graph` answers (adk-python's
 * `serialize_app_info`): `{name, root_agent}`, plus `plugins: [{name}]`
 * when the app has plugins, `resumability_config` when it is resumable, and
 * `readme` when the app folder has a README.md (`readme` given).
 */
export function serializeAppInfo(app: App, readme?: string): AppInfoJson {
  const info: AppInfoJson = { name: app.name, root_agent: serializeAgent(app.rootAgent) };
  if (app.plugins.length > 0)
    info['plugins'] = app.plugins.map((plugin) => ({ name: plugin.name }));
  if (app.contextCacheConfig) {
    const { cacheIntervals = 10, ttlSeconds = 1800, minTokens = 0 } = app.contextCacheConfig;
    info['context_cache_config'] = {
      cache_intervals: cacheIntervals,
      ttl_seconds: ttlSeconds,
      min_tokens: minTokens,
    };
  }
  if (app.resumabilityConfig) {
    info['resumability_config'] = { is_resumable: app.resumabilityConfig.isResumable };
  }
  if (readme) info['readme'] = readme;
  return info;
}

/**
 * The agent or node at `nodePath` (`a/b/c`, the root's own name optional in
 * front), found as adk-python's `_navigate_to_node` does: each step looks in
 * the workflow graph's `nodes`, then `nodes`, then `sub_agents`; the root
 * for an empty path, undefined when a step matches nothing.
 */
export function navigateToNode(root: AppInfoJson, nodePath: string): AppInfoJson | undefined {
  const parts = nodePath.split('/').filter((part) => part !== '');
  let current = root;
  if (parts[0] === current['name']) parts.shift();
  for (const part of parts) {
    const found = childrenOf(current).find((child) => child['name'] === part);
    if (!found) return undefined;
    current = found;
  }
  return current;
}

/** The children of a serialised agent or node: graph nodes, `nodes`, then `sub_agents`. */
export function childrenOf(info: AppInfoJson): AppInfoJson[] {
  const graph = info['graph'];
  const graphNodes =
    typeof graph === 'object' && graph !== null ? (graph as AppInfoJson)['nodes'] : undefined;
  return [graphNodes, info['nodes'], info['sub_agents']].flatMap((list) =>
    Array.isArray(list) ? (list as AppInfoJson[]) : [],
  );
}
