#!/usr/bin/env bash
# Type-checks the built .d.ts files from a consumer's point of view: a strict
# project without skipLibCheck that imports every public entry point.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=.consumer-check
rm -rf "$dir" && mkdir -p "$dir"
cat > "$dir/tsconfig.json" <<'JSON'
{
  "compilerOptions": {
    "target": "ES2022",
    "lib": ["ES2022", "DOM"],
    "module": "NodeNext",
    "moduleResolution": "NodeNext",
    "strict": true,
    "noUncheckedIndexedAccess": true,
    "exactOptionalPropertyTypes": true,
    "skipLibCheck": false,
    "noEmit": true,
    "types": ["node"]
  },
  "include": ["consumer.ts", "workflow.ts", "a2a.ts"]
}
JSON
cat > "$dir/consumer.ts" <<'TS'
import {
  AgentTool,
  FunctionTool,
  InMemoryRunner,
  LlmAgent,
  PlanReActPlanner,
  SequentialAgent,
  createEvent,
  isFinalResponse,
  type Event,
} from '@adk-ts/adk';
import { z } from 'zod';
import { ScriptedAgent, ScriptedLlm, textResponse } from '@adk-ts/adk/testing';
import { runSessionServiceSuite } from '@adk-ts/adk/testing/suites';

const agent = new SequentialAgent({ name: 'seq', subAgents: [new ScriptedAgent({ name: 'a' })] });
const runner = new InMemoryRunner({ agent, appName: 'app' });
const event: Event = createEvent({ author: 'a' });
const final: boolean = isFinalResponse(event);
const model = new ScriptedLlm({ responses: [textResponse('hi')] });
const tool = new FunctionTool({
  name: 'add',
  description: 'Adds.',
  parameters: z.object({ a: z.number(), b: z.number() }),
  execute: ({ a, b }) => ({ sum: a + b }),
});
const helper = new LlmAgent({ name: 'helper', model });
const llmAgent = new LlmAgent({
  name: 'assistant',
  model,
  tools: [tool, new AgentTool({ agent: helper })],
  planner: new PlanReActPlanner(),
  outputKey: 'answer',
});
export { runner, final, model, runSessionServiceSuite, llmAgent };
TS
# The workflow graph and task mode, as a consumer writes them.
cat > "$dir/workflow.ts" <<'TS'
import {
  AgentNode,
  DEFAULT_ROUTE,
  Edge,
  FunctionNode,
  GraphValidationError,
  JoinNode,
  LlmAgent,
  NodeStatus,
  NodeTimeoutError,
  NodeTool,
  ParallelWorker,
  RequestInput,
  START,
  TaskRequest,
  TaskResult,
  ToolNode,
  Workflow,
  node,
  type AgentMode,
  type NodeContext,
  type RetryConfig,
  type WorkflowConfig,
} from '@adk-ts/adk';
import { ScriptedLlm, textResponse } from '@adk-ts/adk/testing';
import { z } from 'zod';

const model = new ScriptedLlm({ responses: [textResponse('hi')] });
const mode: AgentMode = 'task';
const agent = new LlmAgent({ name: 'summariser', model, mode: 'single_turn' });
const retry: RetryConfig = { maxAttempts: 3, initialDelay: 0.01, exceptions: ['TypeError'] };
const classify = new FunctionNode(
  'classify',
  (ctx: NodeContext, input: unknown) => {
    ctx.route = String(input).includes('x') ? 'x' : 'y';
    return ctx.runNode(agent, 'text', { useSubBranch: true });
  },
  { retryConfig: retry, timeout: 5, inputSchema: z.string() },
);
const ask = new FunctionNode('ask', function* () {
  yield new RequestInput({ message: 'ok?', payload: { a: 1 } });
});
const config: WorkflowConfig = {
  name: 'wf',
  maxConcurrency: 2,
  edges: [
    [START, classify, { x: ask, [DEFAULT_ROUTE]: new ParallelWorker(agent, { maxConcurrency: 2 }) }],
    new Edge(ask, new JoinNode({ name: 'join' })),
    new Edge({ fromNode: classify, toNode: node(() => 1, { name: 'one' }), route: 'y' }),
  ],
};
const workflow = new Workflow(config);
const agentNode = new AgentNode(agent, { name: 'summary_node' });
const nodeTool = new NodeTool(new FunctionNode('double', (_c, n: unknown) => Number(n) * 2, { inputSchema: z.number() }));
const toolNode = new ToolNode(nodeTool);
const request: TaskRequest = TaskRequest.parse({ agent_name: 'a', input: {} });
const result: TaskResult = TaskResult.parse({ output: 1 });
const status: NodeStatus = NodeStatus.WAITING;
const isGraphError: boolean = new Error() instanceof GraphValidationError || new Error() instanceof NodeTimeoutError;
export { mode, workflow, agentNode, toolNode, request, result, status, isGraphError };
TS
# A2A, as a consumer who installed the optional @a2a-js/sdk writes it.
cat > "$dir/a2a.ts" <<'TS'
import { LlmAgent } from '@adk-ts/adk';
import { A2aAgentExecutor, RemoteA2aAgent, buildAgentCard, toA2a } from '@adk-ts/adk/a2a';
import { ScriptedLlm, textResponse } from '@adk-ts/adk/testing';

const served = new LlmAgent({ name: 'prime', model: new ScriptedLlm({ responses: [textResponse('yes')] }) });
const remote = new RemoteA2aAgent({ name: 'prime_remote', agentCard: 'http://127.0.0.1:8001' });
const app = toA2a(served, { host: '127.0.0.1', port: 8001 });
export { remote, app, A2aAgentExecutor, buildAgentCard };
TS
npx tsc -p "$dir/tsconfig.json"
echo "consumer type check passed"

# A consumer who installed none of the optional peers (SQL drivers, kysely,
# other model SDKs, MCP): every optional peer resolves to an empty module, so
# a public .d.ts that names one of their types fails here.
echo 'export {};' > "$dir/absent.d.ts"
cat > "$dir/tsconfig.no-peers.json" <<'JSON'
{
  "extends": "./tsconfig.json",
  "compilerOptions": {
    "paths": {
      "kysely": ["./absent.d.ts"],
      "better-sqlite3": ["./absent.d.ts"],
      "pg": ["./absent.d.ts"],
      "mysql2": ["./absent.d.ts"],
      "mysql2/*": ["./absent.d.ts"],
      "openai": ["./absent.d.ts"],
      "openai/*": ["./absent.d.ts"],
      "@anthropic-ai/sdk": ["./absent.d.ts"],
      "@anthropic-ai/sdk/*": ["./absent.d.ts"],
      "@modelcontextprotocol/sdk/*": ["./absent.d.ts"],
      "@a2a-js/sdk": ["./absent.d.ts"],
      "@a2a-js/sdk/*": ["./absent.d.ts"],
      "vitest": ["./absent.d.ts"]
    }
  },
  "include": ["no-peers.ts"]
}
JSON
cat > "$dir/no-peers.ts" <<'TS'
import {
  AnthropicLlm,
  DatabaseMemoryService,
  DatabaseSessionService,
  FileArtifactService,
  McpToolset,
  OpenAILlm,
  getSessionServiceFromUri,
} from '@adk-ts/adk';
import { createApiServer, StaticAgentLoader } from '@adk-ts/adk/server';

const sessions = new DatabaseSessionService({ dbUrl: 'sqlite:///:memory:' });
const memory = new DatabaseMemoryService({ dbUrl: 'sqlite:///:memory:' });
export {
  AnthropicLlm,
  FileArtifactService,
  McpToolset,
  OpenAILlm,
  createApiServer,
  StaticAgentLoader,
  getSessionServiceFromUri,
  sessions,
  memory,
};
TS
npx tsc -p "$dir/tsconfig.no-peers.json"
echo "consumer type check without optional peers passed"
