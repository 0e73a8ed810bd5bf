import type { AgentSkill } from '@a2a-js/sdk';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { BaseAgent } from '../agents/base-agent.js';
import { LlmAgent } from '../agents/llm-agent.js';
import { LoopAgent } from '../agents/loop-agent.js';
import { ParallelAgent } from '../agents/parallel-agent.js';
import { SequentialAgent } from '../agents/sequential-agent.js';
import { BuiltInCodeExecutor } from '../code-executors/built-in-code-executor.js';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import { PlanReActPlanner } from '../planners/plan-re-act-planner.js';
import { AgentTool } from '../tools/agent-tool.js';
import type { BaseTool } from '../tools/base-tool.js';
import { BaseToolset } from '../tools/base-toolset.js';
import { ExampleTool, type Example } from '../tools/example-tool.js';
import { FunctionTool } from '../tools/function-tool.js';
import { setLogger } from '../utils/logger.js';
import { FunctionNode } from '../workflow/function-node.js';
import { START } from '../workflow/start.js';
import { Workflow } from '../workflow/workflow.js';
import { buildAgentCard } from './agent-card-builder.js';
import { toLegacyAgentCard } from './legacy-agent-card.js';

function tool(name: string, description: string): FunctionTool<undefined> {
  return new FunctionTool({ name, description, execute: () => ({ ok: name }) });
}

class ShopToolset extends BaseToolset {
  override getTools(): Promise<BaseTool[]> {
    return Promise.resolve([tool('search', 'Searches the catalog.')]);
  }
}

class BrokenToolset extends BaseToolset {
  override getTools(): Promise<BaseTool[]> {
    return Promise.reject(new Error('catalog offline'));
  }
}

class EchoAgent extends BaseAgent {
  // eslint-disable-next-line require-yield
  protected override async *runAsyncImpl(
    _context: InvocationContext,
  ): AsyncGenerator<Event, void, undefined> {
    return;
  }
}

function example(texts: string[], answer: string): Example {
  return {
    input: { role: 'user', parts: texts.map((text) => ({ text })) },
    output: [{ role: 'model', parts: [{ text: answer }] }],
  };
}

// Every skill the builder makes carries these, empty unless said otherwise.
function skill(fields: Partial<AgentSkill>): AgentSkill {
  return {
    examples: [],
    inputModes: [],
    outputModes: [],
    securityRequirements: [],
    ...fields,
  } as AgentSkill;
}

const warnings: string[] = [];
setLogger({
  debug: () => undefined,
  info: () => undefined,
  warn: (message) => warnings.push(message),
  error: () => undefined,
});
afterEach(() => {
  warnings.length = 0;
});
afterAll(() => setLogger());

describe('buildAgentCard', () => {
  it('builds the whole card of an LLM agent with tools, examples, a planner and a code executor', async () => {
    const refunds = new LlmAgent({ name: 'refunds', description: 'Issues refunds.' });
    const agent = new LlmAgent({
      name: 'support',
      description: 'Answers questions about orders.',
      model: 'gemini-2.5-flash',
      instruction:
        'You are a support agent. Example Query: "where is my order" Example Response: "shipped"',
      globalInstruction: 'Your tone is friendly.',
      tools: [
        tool('lookup_order', 'Looks up an order by id.'),
        new ExampleTool([
          example(['Where is order 42?'], 'Order 42 shipped.'),
          example(['Cancel order 7', 'today, please'], 'Cancelled.'),
          {
            input: { role: 'user', parts: [{ inlineData: { mimeType: 'image/png', data: '' } }] },
            output: [],
          },
        ]),
        new ShopToolset({ toolNamePrefix: 'shop' }),
        new AgentTool({ agent: refunds }),
      ],
      planner: new PlanReActPlanner(),
      codeExecutor: new BuiltInCodeExecutor(),
      generateContentConfig: {
        responseModalities: ['TEXT'] as NonNullable<
          LlmAgent['generateContentConfig']
        >['responseModalities'],
      },
    });

    const card = await buildAgentCard(agent, { rpcUrl: 'http://127.0.0.1:8000/' });

    expect(JSON.parse(JSON.stringify(card))).toEqual({
      name: 'support',
      description: 'Answers questions about orders.',
      supportedInterfaces: [
        {
          url: 'http://127.0.0.1:8000',
          protocolBinding: 'JSONRPC',
          tenant: '',
          protocolVersion: '1.0',
        },
        {
          url: 'http://127.0.0.1:8000',
          protocolBinding: 'JSONRPC',
          tenant: '',
          protocolVersion: '0.3',
        },
      ],
      version: '0.0.1',
      capabilities: {
        streaming: true,
        pushNotifications: false,
        extensions: [],
        extendedAgentCard: false,
      },
      securitySchemes: {},
      securityRequirements: [],
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      skills: [
        {
          id: 'support',
          name: 'model',
          description: 'Answers questions about orders.',
          tags: ['llm'],
          examples: ['Where is order 42?', 'Cancel order 7\ntoday, please'],
          inputModes: [],
          outputModes: ['TEXT'],
          securityRequirements: [],
        },
        skill({
          id: 'support-lookup_order',
          name: 'lookup_order',
          description: 'Looks up an order by id.',
          tags: ['llm', 'tools'],
        }),
        skill({
          id: 'support-shop_search',
          name: 'shop_search',
          description: 'Searches the catalog.',
          tags: ['llm', 'tools'],
        }),
        skill({
          id: 'support-refunds',
          name: 'refunds',
          description: 'Issues refunds.',
          tags: ['llm', 'tools'],
        }),
        skill({
          id: 'support-planner',
          name: 'planning',
          description: 'Can think about the tasks to do and make plans',
          tags: ['llm', 'planning'],
        }),
        skill({
          id: 'support-code-executor',
          name: 'code-execution',
          description: 'Can execute code',
          tags: ['llm', 'code_execution'],
        }),
      ],
      signatures: [],
    });
  });

  it('publishes neither the instructions nor examples written in them', async () => {
    const agent = new LlmAgent({
      name: 'greeter',
      instruction:
        'You are a greeter. Example Query: "hello there" Example Response: "hi!" Example: \'hey\'',
      globalInstruction: 'You are always polite.',
    });

    const card = await buildAgentCard(agent);

    expect(card.description).toBe('An ADK Agent');
    expect(card.skills).toEqual([
      skill({ id: 'greeter', name: 'model', description: 'An LLM-based agent', tags: ['llm'] }),
    ]);
    expect(JSON.stringify(card)).not.toMatch(/greeter\.|hello there|polite/);
  });

  it('takes examples from the first ExampleTool holding a list, passing over a provider', async () => {
    const agent = new LlmAgent({
      name: 'helper',
      description: 'Helps.',
      tools: [
        new ExampleTool(() => [example(['from the provider'], 'no')]),
        new ExampleTool([example(['first list'], 'yes')]),
        new ExampleTool([example(['second list'], 'no')]),
      ],
    });

    const card = await buildAgentCard(agent);

    expect(card.skills).toEqual([
      skill({
        id: 'helper',
        name: 'model',
        description: 'Helps.',
        tags: ['llm'],
        examples: ['first list'],
      }),
    ]);
    // The 0.3 form other ADKs read carries the examples too.
    expect((toLegacyAgentCard(card)['skills'] as unknown[])[0]).toEqual({
      id: 'helper',
      name: 'model',
      description: 'Helps.',
      tags: ['llm'],
      examples: ['first list'],
    });
  });

  it('describes a tree of workflow agents, each immediate child by its own skills', async () => {
    const researcher = new LlmAgent({ name: 'researcher', description: 'research the topic' });
    const writer = new LlmAgent({ name: 'writer' });
    const factCheck = new LlmAgent({ name: 'fact_check', description: 'check the facts' });
    const styleCheck = new LlmAgent({ name: 'style_check', description: 'check the style' });
    const linkCheck = new LlmAgent({ name: 'link_check' });
    const checks = new ParallelAgent({
      name: 'checks',
      description: 'run the checks',
      subAgents: [factCheck, styleCheck, linkCheck],
    });
    const polish = new LoopAgent({
      name: 'polish',
      maxIterations: 3,
      subAgents: [
        new LlmAgent({ name: 'editor', description: 'edit the draft' }),
        new LlmAgent({ name: 'rewriter' }),
      ],
    });
    const forever = new LoopAgent({
      name: 'forever',
      subAgents: [new LlmAgent({ name: 'watcher', description: 'watch' })],
    });
    const pipeline = new SequentialAgent({
      name: 'pipeline',
      description: 'Writes checked articles.',
      subAgents: [researcher, writer, checks, polish, forever],
    });

    const card = await buildAgentCard(pipeline);

    expect(card.description).toBe('Writes checked articles.');
    expect(card.skills).toEqual([
      skill({
        id: 'pipeline',
        name: 'workflow',
        description:
          'Writes checked articles. First, this agent will research the topic' +
          ' Then, this agent will execute the writer agent Then, this agent will run the checks' +
          ' Then, this agent will execute the polish agent Finally, this agent will execute the forever agent.',
        tags: ['sequential_workflow'],
      }),
      skill({
        id: 'pipeline-sub-agents',
        name: 'sub-agents',
        description:
          'Orchestrates: researcher: research the topic; writer: No description;' +
          ' checks: run the checks; polish: No description; forever: No description',
        tags: ['sequential_workflow', 'orchestration'],
      }),
      skill({
        id: 'researcher_researcher',
        name: 'researcher: model',
        description: 'research the topic',
        tags: ['sub_agent:researcher', 'llm'],
      }),
      skill({
        id: 'writer_writer',
        name: 'writer: model',
        description: 'An LLM-based agent',
        tags: ['sub_agent:writer', 'llm'],
      }),
      skill({
        id: 'checks_checks',
        name: 'checks: workflow',
        description:
          'run the checks This agent will check the facts , check the style and execute the link_check agent simultaneously.',
        tags: ['sub_agent:checks', 'parallel_workflow'],
      }),
      skill({
        id: 'checks_checks-sub-agents',
        name: 'checks: sub-agents',
        description:
          'Orchestrates: fact_check: check the facts; style_check: check the style; link_check: No description',
        tags: ['sub_agent:checks', 'parallel_workflow', 'orchestration'],
      }),
      skill({
        id: 'polish_polish',
        name: 'polish: workflow',
        description:
          'This agent will edit the draft and execute the rewriter agent in a loop (max 3 iterations).',
        tags: ['sub_agent:polish', 'loop_workflow'],
      }),
      skill({
        id: 'polish_polish-sub-agents',
        name: 'polish: sub-agents',
        description: 'Orchestrates: editor: edit the draft; rewriter: No description',
        tags: ['sub_agent:polish', 'loop_workflow', 'orchestration'],
      }),
      skill({
        id: 'forever_forever',
        name: 'forever: workflow',
        description: 'This agent will watch in a loop (max unlimited iterations).',
        tags: ['sub_agent:forever', 'loop_workflow'],
      }),
      skill({
        id: 'forever_forever-sub-agents',
        name: 'forever: sub-agents',
        description: 'Orchestrates: watcher: watch',
        tags: ['sub_agent:forever', 'loop_workflow', 'orchestration'],
      }),
    ]);
  });

  it('describes a graph Workflow by its nodes, an agent node as its agent', async () => {
    const normalize = new FunctionNode('normalize', (input: unknown) => input, {
      description: 'Normalizes the incoming text.',
    });
    const tidy = new FunctionNode('tidy', (input: unknown) => input);
    const summarize = new LlmAgent({
      name: 'summarize',
      description: 'Summarizes the normalized text...',
      tools: [tool('count_words', 'Counts words.')],
    });
    const inner = new Workflow({ name: 'inner', edges: [[START, tidy]] });
    const pipeline = new Workflow({
      name: 'pipeline',
      description: 'Cleans and summarizes a document.',
      edges: [[START, normalize, summarize, inner]],
    });

    const card = await buildAgentCard(pipeline);

    expect(card.skills).toEqual([
      skill({
        id: 'pipeline',
        name: 'workflow',
        description:
          'Cleans and summarizes a document. This workflow orchestrates the following nodes:' +
          ' normalize: Normalizes the incoming text; summarize: Summarizes the normalized text;' +
          ' inner: execute the inner node.',
        tags: ['graph_workflow'],
      }),
      skill({
        id: 'pipeline-sub-agents',
        name: 'sub-agents',
        description:
          'Orchestrates: normalize: Normalizes the incoming text.;' +
          ' summarize: Summarizes the normalized text...; inner: No description',
        tags: ['graph_workflow', 'orchestration'],
      }),
      skill({
        id: 'normalize_normalize',
        name: 'normalize: custom',
        description: 'Normalizes the incoming text.',
        tags: ['sub_agent:normalize', 'custom_agent'],
      }),
      skill({
        id: 'summarize_summarize',
        name: 'summarize: model',
        description: 'Summarizes the normalized text...',
        tags: ['sub_agent:summarize', 'llm'],
      }),
      skill({
        id: 'summarize_summarize-count_words',
        name: 'summarize: count_words',
        description: 'Counts words.',
        tags: ['sub_agent:summarize', 'llm', 'tools'],
      }),
      skill({
        id: 'inner_inner',
        name: 'inner: workflow',
        description: 'This workflow orchestrates the following nodes: tidy: execute the tidy node.',
        tags: ['sub_agent:inner', 'graph_workflow'],
      }),
      skill({
        id: 'inner_inner-sub-agents',
        name: 'inner: sub-agents',
        description: 'Orchestrates: tidy: No description',
        tags: ['sub_agent:inner', 'graph_workflow', 'orchestration'],
      }),
    ]);
  });

  it('describes a custom agent and an empty workflow by their defaults', async () => {
    const card = await buildAgentCard(
      new EchoAgent({ name: 'echo', subAgents: [new SequentialAgent({ name: 'steps' })] }),
    );

    expect(card.skills).toEqual([
      skill({ id: 'echo', name: 'custom', description: 'A custom agent', tags: ['custom_agent'] }),
      skill({
        id: 'echo-sub-agents',
        name: 'sub-agents',
        description: 'Orchestrates: steps: No description',
        tags: ['custom_agent', 'orchestration'],
      }),
      skill({
        id: 'steps_steps',
        name: 'steps: workflow',
        description: 'A sequential workflow agent',
        tags: ['sub_agent:steps', 'sequential_workflow'],
      }),
    ]);
  });

  it('writes a loop limit of 0 as it is, as adk-python now does', async () => {
    const loop = new LoopAgent({
      name: 'retry',
      maxIterations: 0,
      subAgents: [new LlmAgent({ name: 'attempt', description: 'try once' })],
    });

    const card = await buildAgentCard(loop);

    expect(card.skills[0]?.description).toBe(
      'This agent will try once in a loop (max 0 iterations).',
    );
  });

  it('leaves out, with a warning, a sub-agent whose tools cannot be listed', async () => {
    const root = new LlmAgent({
      name: 'root',
      subAgents: [
        new LlmAgent({ name: 'broken', tools: [new BrokenToolset()] }),
        new LlmAgent({ name: 'fine', description: 'Works.' }),
      ],
    });

    const card = await buildAgentCard(root);

    expect(card.skills.map((entry) => entry.id)).toEqual(['root', 'fine_fine']);
    expect(warnings).toEqual([
      'Failed to extract examples from tools: Error: catalog offline',
      'Failed to build skills for sub-agent broken: Error: catalog offline',
    ]);
  });

  it("rejects when the agent's own tools cannot be listed", async () => {
    const agent = new LlmAgent({ name: 'root', tools: [new BrokenToolset()] });

    await expect(buildAgentCard(agent)).rejects.toThrow('catalog offline');
  });

  it('publishes the given version, documentation, provider, capabilities and security schemes', async () => {
    const card = await buildAgentCard(new LlmAgent({ name: 'a', description: 'An agent.' }), {
      rpcUrl: 'https://agents.example.com/a//',
      agentVersion: '2.1.0',
      documentationUrl: 'https://docs.example.com/a',
      provider: { organization: 'Example Corp', url: 'https://example.com' },
      capabilities: { streaming: false },
      securitySchemes: {
        apiKey: {
          scheme: {
            $case: 'apiKeySecurityScheme',
            value: { description: '', location: 'header', name: 'X-Key' },
          },
        },
      },
    });

    expect(card).toMatchObject({
      supportedInterfaces: [
        { url: 'https://agents.example.com/a' },
        { url: 'https://agents.example.com/a' },
      ],
      version: '2.1.0',
      documentationUrl: 'https://docs.example.com/a',
      provider: { organization: 'Example Corp', url: 'https://example.com' },
      capabilities: { streaming: false, pushNotifications: false },
      securitySchemes: { apiKey: { scheme: { $case: 'apiKeySecurityScheme' } } },
    });
  });
});
