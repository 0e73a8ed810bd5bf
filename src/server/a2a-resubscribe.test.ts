import type { StreamResponse } from '@a2a-js/sdk';
import { ClientFactory, type Client } from '@a2a-js/sdk/client';
import { afterEach, describe, expect, it } from 'vitest';
import {
  lookupProbe,
  sendRequest,
  serveLookupAgent,
  type LookupProbe,
} from './a2a-lookup-test-fixtures.js';
import { a2aUserMessage, type ServedA2a } from './a2a-test-fixtures.js';
import { deferred } from '../flows/live-streaming-test-fixtures.js';

const SUBMITTED = 1;
const WORKING = 2;
const COMPLETED = 3;

/** The JSON of each SSE `data:` frame of `response`, as the frames arrive. */
async function* sseData(response: Response): AsyncGenerator<Record<string, unknown>> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = frame
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (data) yield JSON.parse(data) as Record<string, unknown>;
      end = buffer.indexOf('\n\n');
    }
  }
}

describe('re-attaching to a running task on our server (resubscribe)', () => {
  let served: ServedA2a | undefined;
  let probe: LookupProbe;
  let client: Client;

  afterEach(async () => {
    await served?.close();
    served = undefined;
  });

  /** Starts a streamed task whose tool waits for `probe.release`; gives its id once the tool runs. */
  async function startRunningTask(): Promise<{ taskId: string; original: Promise<unknown[]> }> {
    probe = lookupProbe();
    served = await serveLookupAgent(probe);
    client = await new ClientFactory().createFromUrl(served.url);
    const taskId = deferred<string>();
    const original = (async () => {
      const payloads: unknown[] = [];
      for await (const event of client.sendMessageStream(
        sendRequest(a2aUserMessage('what colour?')),
      )) {
        if (event.payload?.$case === 'task') taskId.resolve(event.payload.value.id);
        payloads.push(event.payload);
      }
      return payloads;
    })();
    const id = await Promise.race([taskId.promise, original.then(() => '')]);
    await probe.toolStarted.promise;
    return { taskId: id, original };
  }

  it('a 1.0 caller (SubscribeToTask through the SDK client) gets the rest of the events through to completed', async () => {
    const { taskId, original } = await startRunningTask();
    const stream = client.resubscribeTask({ tenant: '', id: taskId });
    // The first answer is the task as stored: from then on the caller is attached to its events.
    const first = await stream.next();
    expect(first.value?.payload).toMatchObject({ $case: 'task', value: { id: taskId } });
    const stored = first.value?.payload?.$case === 'task' ? first.value.payload.value : undefined;
    // As stored when the caller attached: the original stream may not have stored `working` yet.
    expect([SUBMITTED, WORKING]).toContain(stored?.status?.state);

    probe.release.resolve();
    const rest: StreamResponse['payload'][] = [];
    for await (const event of stream) rest.push(event.payload);

    const artifact = rest.find((payload) => payload?.$case === 'artifactUpdate');
    expect(artifact?.value).toMatchObject({
      taskId,
      artifact: { parts: [{ content: { $case: 'text', value: 'found: blue' } }] },
    });
    expect(rest.at(-1)).toMatchObject({
      $case: 'statusUpdate',
      value: { taskId, status: { state: COMPLETED } },
    });
    expect((await original).at(-1)).toMatchObject({
      $case: 'statusUpdate',
      value: { status: { state: COMPLETED } },
    });
  });

  it('a 0.3 caller (tasks/resubscribe, no A2A-Version header) gets the rest as 0.3 SSE frames through to completed', async () => {
    const { taskId, original } = await startRunningTask();
    const response = await fetch(served!.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tasks/resubscribe',
        params: { id: taskId },
      }),
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const frames = sseData(response);
    const first = await frames.next();
    expect(first.value).toMatchObject({
      jsonrpc: '2.0',
      id: 7,
      result: { kind: 'task', id: taskId },
    });
    const stored = (first.value?.['result'] as { status: { state: string } }).status.state;
    expect(['submitted', 'working']).toContain(stored);

    probe.release.resolve();
    const rest: Record<string, unknown>[] = [];
    for await (const frame of frames) rest.push(frame['result'] as Record<string, unknown>);

    expect(rest).toContainEqual(
      expect.objectContaining({
        kind: 'artifact-update',
        taskId,
        artifact: expect.objectContaining({ parts: [{ kind: 'text', text: 'found: blue' }] }),
      }),
    );
    expect(rest.at(-1)).toMatchObject({
      kind: 'status-update',
      taskId,
      final: true,
      status: { state: 'completed' },
    });
    await original;
  });
});
