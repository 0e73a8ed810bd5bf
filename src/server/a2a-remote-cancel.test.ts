import { randomUUID } from 'node:crypto';
import { ClientFactory } from '@a2a-js/sdk/client';
import { afterEach, describe, expect, it } from 'vitest';
import { RemoteA2aAgent } from '../a2a/remote-a2a-agent.js';
import { LlmAgent } from '../agents/llm-agent.js';
import type { Event } from '../events/event.js';
import { InMemoryRunner } from '../runner/in-memory-runner.js';
import { ScriptedLlm, functionCallResponse } from '../testing/scripted-llm.js';
import {
  lookupProbe,
  sendRequest,
  serveLookupAgent,
  type LookupProbe,
} from './a2a-lookup-test-fixtures.js';
import { a2aUserMessage, type ServedA2a } from './a2a-test-fixtures.js';
import { deferred } from '../flows/live-streaming-test-fixtures.js';

const CANCELED = 5;

/** A local run: a root agent here transferring to the remote lookup agent there. */
function startLocalRun(remoteUrl: string, abortSignal?: AbortSignal) {
  const remote = new RemoteA2aAgent({ name: 'lookup_remote', agentCard: remoteUrl });
  const root = new LlmAgent({
    name: 'root',
    model: new ScriptedLlm({
      responses: [functionCallResponse('transfer_to_agent', { agent_name: 'lookup_remote' })],
    }),
    subAgents: [remote],
  });
  const runner = new InMemoryRunner({ agent: root, appName: 'app' });
  const events: Event[] = [];
  const sawRemoteTask = deferred<string>();
  const done = (async () => {
    await runner.sessionService.createSession({ appName: 'app', userId: 'u', sessionId: 's' });
    for await (const event of runner.runAsync({
      userId: 'u',
      sessionId: 's',
      newMessage: { role: 'user', parts: [{ text: 'what colour?' }] },
      ...(abortSignal ? { abortSignal } : {}),
    })) {
      events.push(event);
      const taskId = event.customMetadata?.['a2a:task_id'];
      if (typeof taskId === 'string') sawRemoteTask.resolve(taskId);
    }
  })();
  // A run that fails before the remote task shows fails the wait on it too.
  const sawTask = Promise.race([sawRemoteTask.promise, done.then(() => '')]);
  // Observed by the tests; keeps an expected rejection from being reported as unhandled first.
  done.catch(() => undefined);
  return { events, done, sawRemoteTask: sawTask };
}

describe('cancelling a remote A2A task (two servers of this package)', () => {
  let served: ServedA2a | undefined;
  let probe: LookupProbe;

  async function serveLookup(): Promise<string> {
    probe = lookupProbe();
    served = await serveLookupAgent(probe);
    return served.url;
  }

  afterEach(async () => {
    await served?.close();
    served = undefined;
  });

  it('an aborted local invocation cancels the remote task, whose tool sees the abort, and throws the abort reason', async () => {
    const url = await serveLookup();
    const controller = new AbortController();
    const local = startLocalRun(url, controller.signal);
    const taskId = await local.sawRemoteTask;
    await probe.toolStarted.promise;

    controller.abort();

    await expect(local.done).rejects.toBe(controller.signal.reason);
    expect(await probe.toolSawAbort.promise).toMatchObject({ name: 'AbortError' });
    await probe.runEnded.promise;
    const client = await new ClientFactory().createFromUrl(url);
    const task = await client.getTask({ tenant: '', id: taskId, historyLength: undefined });
    expect(task.status?.state).toBe(CANCELED);
  });

  it('a task cancelled by another client ends the local run cleanly with the canceled status message', async () => {
    const url = await serveLookup();
    const local = startLocalRun(url);
    const taskId = await local.sawRemoteTask;
    await probe.toolStarted.promise;

    const client = await new ClientFactory().createFromUrl(url);
    const canceled = await client.cancelTask({ tenant: '', id: taskId, metadata: undefined });
    expect(canceled.status?.state).toBe(CANCELED);

    await local.done;
    expect(await probe.toolSawAbort.promise).toMatchObject({ name: 'AbortError' });
    await probe.runEnded.promise;
    const last = local.events.at(-1);
    expect(last?.author).toBe('lookup_remote');
    expect(last?.content?.parts).toEqual([{ text: 'Task was cancelled' }]);
    expect(last?.errorCode).toBeUndefined();
    expect(last?.customMetadata).toMatchObject({
      'a2a:task_id': taskId,
      'a2a:response': { id: taskId, status: { state: 'TASK_STATE_CANCELED' } },
    });
  });

  it('cancels a task paused in input-required: canceled, in its own context', async () => {
    const url = await serveLookup();
    const client = await new ClientFactory().createFromUrl(url);
    const paused = await client.sendMessage(sendRequest(a2aUserMessage('approve')));
    expect('status' in paused && paused.status?.state).toBe(6);
    const task = paused as Extract<typeof paused, { status?: unknown }>;

    const canceled = await client.cancelTask({ tenant: '', id: task.id, metadata: undefined });
    expect(canceled.status?.state).toBe(CANCELED);
    expect(canceled.status?.message?.contextId).toBe(task.contextId);
  });

  it('answers the protocol errors: an unknown task is not found, a finished one not cancelable', async () => {
    const url = await serveLookup();
    const client = await new ClientFactory().createFromUrl(url);
    await expect(
      client.cancelTask({ tenant: '', id: randomUUID(), metadata: undefined }),
    ).rejects.toMatchObject({ reason: 'TASK_NOT_FOUND' });
    const done = await client.sendMessage(sendRequest(a2aUserMessage('quick')));
    const doneId = (done as { id: string }).id;
    await expect(
      client.cancelTask({ tenant: '', id: doneId, metadata: undefined }),
    ).rejects.toMatchObject({ reason: 'TASK_NOT_CANCELABLE' });

    // The same errors for a 0.3 caller (no A2A-Version header): JSON-RPC -32001 and -32002.
    const legacyCancel = async (id: string) =>
      (await (
        await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tasks/cancel', params: { id } }),
        })
      ).json()) as { error?: { code: number } };
    expect((await legacyCancel(randomUUID())).error?.code).toBe(-32001);
    expect((await legacyCancel(doneId)).error?.code).toBe(-32002);
  });
});
