import { createEvent } from '../events/event.js';
import { isPlainObject } from '../utils/is-plain-object.js';
import { setOwn } from '../utils/get-own.js';
import { BaseNode, eventFields } from './base-node.js';
import type { NodeContext } from './node-context.js';
import { validateNodeData } from './node-schema.js';

/**
 * A fan-in barrier (Python `JoinNode`, 004 §2): the scheduler runs it only
 * once every predecessor has completed, with their outputs as its input,
 * `{ predecessorName: output }`, and the join passes that map on as its
 * output. `inputSchema` applies to each entry, not to the map. The scheduler
 * runs it on the common prefix of its inputs' branches (`commonBranchPrefix`).
 */
export class JoinNode extends BaseNode {
  override get requiresAllPredecessors(): boolean {
    return true;
  }

  protected override validateInput(data: unknown): unknown {
    if (this.inputSchema === undefined || !isPlainObject(data)) return super.validateInput(data);
    const validated: Record<string, unknown> = {};
    for (const [predecessor, value] of Object.entries(data)) {
      setOwn(
        validated,
        predecessor,
        validateNodeData(this.inputSchema, value, { nodeName: this.name, direction: 'input' }),
      );
    }
    return validated;
  }

  protected async *runImpl(
    ctx: NodeContext,
    nodeInput: unknown,
  ): AsyncGenerator<unknown, void, undefined> {
    yield createEvent({ ...eventFields(ctx, this.name), output: nodeInput });
  }
}
