import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NodeSchemaValidationError } from '../errors/node-schema-validation-error.js';
import { WorkflowConfigurationError } from '../errors/workflow-configuration-error.js';
import { createEvent } from '../events/event.js';
import { BaseNode, type BaseNodeConfig } from './base-node.js';
import type { NodeContext } from './node-context.js';
import {
  REQUEST_INPUT_FUNCTION_CALL_NAME,
  getRequestInputInterruptIds,
} from './request-input-event.js';
import { RequestInput, isRequestInput } from './request-input.js';
import { START } from './start.js';
import { createNodeContext, runTestNode } from './workflow-test-fixtures.js';

/** A node that yields the given items, and records the input it saw. */
class YieldingNode extends BaseNode {
  seenInput: unknown;
  constructor(
    private readonly items: (ctx: NodeContext) => unknown[],
    config: Partial<BaseNodeConfig> = {},
  ) {
    super({ name: 'yielder', ...config });
  }
  protected async *runImpl(
    ctx: NodeContext,
    nodeInput: unknown,
  ): AsyncGenerator<unknown, void, undefined> {
    this.seenInput = nodeInput;
    yield* this.items(ctx);
  }
}

describe('BaseNode (004 §2, _base_node.py)', () => {
  it('requires an identifier as name', () => {
    for (const name of ['ok', '_x1', 'ünïcode', '__START__']) {
      expect(() => new YieldingNode(() => [], { name })).not.toThrow();
    }
    for (const name of ['', '1a', 'a-b', 'a b', 'a.b']) {
      expect(() => new YieldingNode(() => [], { name })).toThrow(WorkflowConfigurationError);
    }
  });

  it('has the reference defaults', () => {
    const node = new YieldingNode(() => []);
    expect(node).toMatchObject({
      description: '',
      rerunOnResume: false,
      waitForOutput: false,
      retryConfig: undefined,
      timeout: undefined,
      requiresAllPredecessors: false,
    });
    expect(BaseNode.isInstance(node)).toBe(true);
    expect(BaseNode.isInstance({ name: 'x' })).toBe(false);
  });

  it('skips null and undefined, and turns other values into output events', async () => {
    const ctx = await runTestNode(new YieldingNode(() => [null, undefined, { n: 1 }]), 'in');
    expect(ctx.events).toHaveLength(1);
    expect(ctx.events[0]).toMatchObject({
      author: 'yielder',
      invocationId: 'e-1',
      output: { n: 1 },
    });
    expect(ctx.output).toEqual({ n: 1 });
  });

  it('passes events through, validating their output against outputSchema', async () => {
    const outputSchema = z.object({ n: z.coerce.number() });
    const node = new YieldingNode(
      () => [
        createEvent({ author: 'custom', output: { n: '7' } }),
        createEvent({ author: 'custom' }),
      ],
      { outputSchema },
    );
    const ctx = await runTestNode(node);
    expect(ctx.events.map((event) => [event.author, event.output])).toEqual([
      ['custom', { n: 7 }],
      ['custom', undefined],
    ]);
  });

  it('fails with NodeSchemaValidationError naming the node when an output does not fit', async () => {
    const node = new YieldingNode(() => ['text'], { outputSchema: z.number() });
    const error = await runTestNode(node).catch((caught: unknown) => caught);
    expect(NodeSchemaValidationError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ nodeName: 'yielder', direction: 'output' });
  });

  it('turns a RequestInput into a long-running adk_request_input call with Python’s args', async () => {
    const request = new RequestInput({
      interruptId: 'ask-1',
      message: 'Approve?',
      payload: { amount: 5 },
      responseSchema: z.object({ approved: z.boolean() }),
    });
    const ctx = await runTestNode(new YieldingNode(() => [request]));
    const event = ctx.events[0];
    expect(event?.longRunningToolIds).toEqual(['ask-1']);
    expect(event?.content?.role).toBe('model');
    expect(event?.content?.parts?.[0]?.functionCall).toEqual({
      name: REQUEST_INPUT_FUNCTION_CALL_NAME,
      id: 'ask-1',
      args: {
        interruptId: 'ask-1',
        payload: { amount: 5 },
        message: 'Approve?',
        response_schema: {
          type: 'object',
          properties: { approved: { type: 'boolean' } },
          required: ['approved'],
        },
      },
    });
    expect(getRequestInputInterruptIds(event ?? createEvent({ author: 'x' }))).toEqual(['ask-1']);
    expect([...ctx.interruptIds]).toEqual(['ask-1']);
    expect(ctx.output).toBeUndefined();
  });

  it('gives a RequestInput a fresh uuid and null args when unset', async () => {
    const request = new RequestInput();
    expect(request.interruptId).toMatch(/^[0-9a-f-]{36}$/);
    expect(isRequestInput(request)).toBe(true);
    const ctx = await runTestNode(new YieldingNode(() => [request]));
    expect(ctx.events[0]?.content?.parts?.[0]?.functionCall?.args).toEqual({
      interruptId: request.interruptId,
      payload: null,
      message: null,
      response_schema: null,
    });
  });

  it('validates the input against inputSchema, JSON-parsing the text of a Content input', async () => {
    const node = new YieldingNode(() => [], { inputSchema: z.object({ city: z.string() }) });
    await runTestNode(node, { role: 'user', parts: [{ text: '{"city":' }, { text: '"Oslo"}' }] });
    expect(node.seenInput).toEqual({ city: 'Oslo' });
    await runTestNode(node, { city: 'Rome', extra: 1 });
    expect(node.seenInput).toEqual({ city: 'Rome' });
    const error = await runTestNode(node, { city: 3 }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      name: 'NodeSchemaValidationError',
      nodeName: 'yielder',
      direction: 'input',
    });
  });

  it('gives a string inputSchema the raw text of a Content, and tries raw text when it is not JSON', async () => {
    const text = new YieldingNode(() => [], { inputSchema: z.string() });
    await runTestNode(text, { role: 'user', parts: [{ text: '42' }] });
    expect(text.seenInput).toBe('42');
    const union = new YieldingNode(() => [], { inputSchema: z.union([z.number(), z.string()]) });
    await runTestNode(union, { role: 'user', parts: [{ text: 'not json' }] });
    expect(union.seenInput).toBe('not json');
    await runTestNode(union, { role: 'user', parts: [{ text: '42' }] });
    expect(union.seenInput).toBe(42);
  });

  it('leaves data unchecked under a JSON Schema (documentation only, as in Python)', async () => {
    const node = new YieldingNode(() => ['anything'], {
      inputSchema: { type: 'number' },
      outputSchema: { type: 'number' },
    });
    const ctx = await runTestNode(node, 'text');
    expect(node.seenInput).toBe('text');
    expect(ctx.output).toBe('anything');
  });

  it('stamps the branch and the context’s event author on the events it makes', async () => {
    const ctx = await createNodeContext(new YieldingNode(() => ['x']), undefined, {
      branch: 'wf.a@1',
    });
    ctx.eventAuthor = 'wf';
    await ctx.drive();
    expect(ctx.events[0]).toMatchObject({ author: 'wf', branch: 'wf.a@1', output: 'x' });
  });

  it('rejects a non-positive timeout and a malformed retry config when built', () => {
    expect(() => new YieldingNode(() => [], { timeout: 0 })).toThrow(/timeout must be a positive/);
    expect(
      () => new YieldingNode(() => [], { retryConfig: { exceptions: [42 as never] } }),
    ).toThrow(/retryConfig.exceptions/);
    expect(() => new YieldingNode(() => [], { retryConfig: { maxDelay: -1 } })).toThrow(/maxDelay/);
  });

  it('START is a sentinel named __START__ that never runs', async () => {
    expect(START.name).toBe('__START__');
    const error = await runTestNode(START).catch((caught: unknown) => caught);
    expect(WorkflowConfigurationError.isInstance(error)).toBe(true);
  });
});
