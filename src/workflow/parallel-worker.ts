import { z } from 'zod';
import { NodeInterruptedError } from '../errors/node-interrupted-error.js';
import { WorkflowConfigurationError } from '../errors/workflow-configuration-error.js';
import { BaseNode, type BaseNodeConfig } from './base-node.js';
import { buildNode } from './build-node.js';
import type { NodeContext } from './node-context.js';
import type { NodeLike } from './node-like.js';
import { contentText, isContent } from './node-schema.js';

/** Options of a ParallelWorker (Python `_ParallelWorker`). */
export interface ParallelWorkerConfig extends Pick<BaseNodeConfig, 'retryConfig' | 'timeout'> {
  /** The node run once per item (anything an edge accepts but `'START'`). */
  node: NodeLike;
  /** At most this many items run at once; no limit when unset (Python `max_parallel_workers`). */
  maxConcurrency?: number;
  /** adk-js's name for `maxConcurrency`. */
  maxParallelWorkers?: number;
}

/** The per-item limit and node fields of `new ParallelWorker(node, options)` (adk-js form). */
export type ParallelWorkerOptions = Omit<ParallelWorkerConfig, 'node'>;

type ItemResult =
  { index: number; ok: true; value: unknown } | { index: number; ok: false; error: unknown };

/**
 * Runs a node once per item of a list input and outputs the list of results
 * in input order, whatever order the items finish in (Python
 * `_ParallelWorker`, 004 §4). Each item runs through `ctx.runNode` on a sub
 * branch of its own (`<name>@1`, `<name>@2`, … numbered from 1), so items'
 * events do not mix. Items start as soon as a slot frees (no batches), at
 * most `maxConcurrency` at once, all at once when unset. A non-list input is
 * one item; `[]` gives `[]`. A `Content` input is read as its text: a JSON
 * list is the list of items.
 *
 * The first item to fail stops the worker: no further item starts, the
 * items still running are cancelled (their abort signal fires) and the
 * worker fails with that item's error. An item that stops on an interrupt
 * stops new items from starting; once the items in flight end, the worker
 * waits with the item's interrupt ids, and reruns on resume (finished items
 * are answered from their recorded outputs).
 *
 * The worker takes the wrapped node's name; `retryConfig` and `timeout`
 * here apply to the whole worker.
 */
export class ParallelWorker extends BaseNode {
  /** The node each item runs. */
  readonly node: BaseNode;
  /** The concurrency limit, undefined for none. */
  readonly maxConcurrency: number | undefined;

  constructor(config: ParallelWorkerConfig);
  constructor(node: NodeLike, options?: ParallelWorkerOptions);
  constructor(first: ParallelWorkerConfig | NodeLike, second: ParallelWorkerOptions = {}) {
    const config: ParallelWorkerConfig = isConfig(first) ? first : { ...second, node: first };
    if (
      config.node === 'START' ||
      (BaseNode.isInstance(config.node) && config.node.name === '__START__')
    ) {
      throw new WorkflowConfigurationError({ message: 'ParallelWorker cannot wrap a START node.' });
    }
    const inner = buildInner(config.node);
    const limit = config.maxConcurrency ?? config.maxParallelWorkers;
    super({
      name: inner.name,
      description: inner.description,
      rerunOnResume: true,
      ...(config.retryConfig === undefined ? {} : { retryConfig: config.retryConfig }),
      ...(config.timeout === undefined ? {} : { timeout: config.timeout }),
    });
    if (limit !== undefined && limit !== Infinity && !(Number.isInteger(limit) && limit >= 1)) {
      throw new WorkflowConfigurationError({
        message: 'max_parallel_workers must be greater than or equal to 1.',
        nodeName: inner.name,
      });
    }
    this.node = inner;
    this.maxConcurrency = limit === Infinity ? undefined : limit;
  }

  protected async *runImpl(
    ctx: NodeContext,
    nodeInput: unknown,
  ): AsyncGenerator<unknown, void, undefined> {
    const input = isContent(nodeInput) ? this.unwrapContent(nodeInput) : nodeInput;
    const items: readonly unknown[] = Array.isArray(input) ? input : [input];
    if (items.length === 0) {
      yield [];
      return;
    }
    yield await this.runItems(ctx, items);
  }

  private async runItems(ctx: NodeContext, items: readonly unknown[]): Promise<unknown[]> {
    const results: unknown[] = new Array<unknown>(items.length).fill(null);
    const running = new Map<number, Promise<ItemResult>>();
    let next = 0;
    let interrupted: unknown;
    while ((interrupted === undefined && next < items.length) || running.size > 0) {
      while (
        interrupted === undefined &&
        next < items.length &&
        (this.maxConcurrency === undefined || running.size < this.maxConcurrency)
      ) {
        const index = next++;
        running.set(index, this.runItem(ctx, index, items[index]));
      }
      const done = await Promise.race(running.values());
      running.delete(done.index);
      if (done.ok) {
        results[done.index] = done.value;
      } else if (NodeInterruptedError.isInstance(done.error)) {
        interrupted ??= done.error;
      } else {
        // Throwing ends this attempt: the node runner aborts its signal,
        // which cancels the items still running (they are its children).
        throw done.error;
      }
    }
    if (interrupted !== undefined) throw interrupted;
    return results;
  }

  private runItem(ctx: NodeContext, index: number, item: unknown): Promise<ItemResult> {
    return ctx.runNode(this.node, item, { useSubBranch: true, raiseOnWait: true }).then(
      (value) => ({ index, ok: true, value }),
      (error: unknown) => ({ index, ok: false, error }),
    );
  }

  /** Python `_unwrap_content_input`: a text Content as its JSON (or text) payload. */
  private unwrapContent(content: NonNullable<Parameters<typeof contentText>[0]>): unknown {
    const parts = content.parts ?? [];
    if (parts.length === 0 || parts.some((part) => typeof part.text !== 'string')) return content;
    const text = contentText(content);
    try {
      const parsed = JSON.parse(text) as unknown;
      if (Array.isArray(parsed)) return parsed;
      return this.node.inputSchema instanceof z.ZodString ? text : parsed;
    } catch {
      return text;
    }
  }
}

function isConfig(value: unknown): value is ParallelWorkerConfig {
  return (
    typeof value === 'object' &&
    value !== null &&
    !BaseNode.isInstance(value) &&
    Object.getPrototypeOf(value) === Object.prototype &&
    'node' in value
  );
}

function buildInner(nodeLike: NodeLike): BaseNode {
  return BaseNode.isInstance(nodeLike) ? nodeLike : buildNode(nodeLike);
}
