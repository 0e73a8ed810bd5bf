import { afterEach, describe, expect, it } from 'vitest';
import { LiveConnectionClosedError } from '../errors/live-connection-closed-error.js';
import { LiveReconnectionFailedError } from '../errors/live-reconnection-failed-error.js';
import type { Event } from '../events/event.js';
import type { LiveClientFrame } from '../models/gemini/gemini-live-test-fixtures.js';
import { describeEvent, LiveGeminiRun } from './live-gemini-run-test-fixtures.js';

let run: LiveGeminiRun | undefined;

afterEach(async () => {
  await run?.stop();
  run = undefined;
});

const modelText = (text: string) => ({
  serverContent: { modelTurn: { role: 'model', parts: [{ text }] } },
});
const turnComplete = { serverContent: { turnComplete: true } };
const resumable = (newHandle: string) => ({
  sessionResumptionUpdate: { newHandle, resumable: true },
});
const isTurnComplete = (event: Event) => event.turnComplete === true;
const asks = (text: string) => (frame: LiveClientFrame) =>
  'clientContent' in frame && JSON.stringify(frame).includes(`"text":"${text}"`);
const ask = (current: LiveGeminiRun, text: string): void =>
  current.queue.sendContent({ role: 'user', parts: [{ text }] });
const setupHandle = (frame: LiveClientFrame | undefined): unknown =>
  (frame?.setup as { sessionResumption?: unknown } | undefined)?.sessionResumption;
const isResumingSetup = (frame: LiveClientFrame): boolean =>
  JSON.stringify(setupHandle(frame) ?? {}).includes('"handle"');

/** The first connection hands out `handle-1` with its first answer. */
const firstAnswer = {
  connection: 0,
  when: asks('Hi'),
  reply: [resumable('handle-1'), modelText('Hello'), turnComplete],
};

describe('Runner.runLive on Gemini Live: session resumption (adk-python base_llm_flow.py run_live)', () => {
  it('a connection dropped without a resumption handle ends the run with LiveConnectionClosedError', async () => {
    run = await LiveGeminiRun.start({
      rules: [{ when: asks('Hi'), reply: [modelText('Hel')], drop: true }],
    });
    ask(run, 'Hi');
    const error = await run.ended;

    expect(LiveConnectionClosedError.isInstance(error)).toBe(true);
    expect((error as LiveConnectionClosedError).closeCode).toBe(1006);
    expect((error as LiveConnectionClosedError).code).toBe('live_connection_closed');
    expect(run.server.paths).toHaveLength(1);
    expect(run.events.map(describeEvent)).toEqual(['voice_agent: Hel …']);
  });

  it('a connection dropped mid-turn is resumed with its handle, without replaying history, and the run goes on', async () => {
    const compression = { slidingWindow: { targetTokens: '1000' } };
    run = await LiveGeminiRun.start({
      runConfig: { sessionResumption: {}, contextWindowCompression: compression },
      history: [
        { role: 'user', parts: [{ text: 'Earlier question' }] },
        { role: 'model', parts: [{ text: 'Earlier answer' }] },
      ],
      rules: [
        firstAnswer,
        // The second question's answer is cut by a dropped network.
        { connection: 0, when: asks('Weather?'), reply: [modelText('Let me')], drop: true },
        { connection: 1, when: asks('Still there?'), reply: [modelText('Yes'), turnComplete] },
      ],
    });
    ask(run, 'Hi');
    await run.eventsMatching(isTurnComplete);
    ask(run, 'Weather?');
    const resumed = await run.server.nextFrame(isResumingSetup);
    ask(run, 'Still there?');
    await run.eventsMatching(isTurnComplete, 2);

    // The Gemini API refuses `transparent`; only the handle is sent.
    expect(setupHandle(resumed)).toEqual({ handle: 'handle-1' });
    expect(setupHandle(run.server.setups[0])).toEqual({});
    expect(run.server.setups.map((frame) => frame.setup)).toMatchObject([
      { contextWindowCompression: compression },
      { contextWindowCompression: compression },
    ]);
    // The first connection got the history; the server keeps the session's state, so the
    // resumed one gets none.
    expect(run.server.framesOf(0)[1]).toEqual({
      clientContent: {
        turns: [
          { role: 'user', parts: [{ text: 'Earlier question' }] },
          { role: 'model', parts: [{ text: 'Earlier answer' }] },
        ],
        turnComplete: false,
      },
    });
    expect(run.server.framesOf(1).slice(1)).toEqual([
      {
        clientContent: {
          turns: [{ role: 'user', parts: [{ text: 'Still there?' }] }],
          turnComplete: true,
        },
      },
    ]);
    expect(run.events.map(describeEvent)).toEqual([
      'voice_agent: resumable',
      'voice_agent: Hello …',
      'voice_agent: Hello',
      'voice_agent: turn complete',
      'voice_agent: Let me …',
      'voice_agent: Yes …',
      'voice_agent: Yes',
      'voice_agent: turn complete',
    ]);
    await run.stop();
    expect(await run.ended).toBeUndefined();
  });

  it('on Vertex AI the resumed setup asks for transparent resumption too', async () => {
    run = await LiveGeminiRun.start({
      vertexai: true,
      rules: [firstAnswer, { connection: 0, when: asks('Drop?'), reply: [], drop: true }],
    });
    ask(run, 'Hi');
    await run.eventsMatching(isTurnComplete);
    ask(run, 'Drop?');
    const resumed = await run.server.nextFrame(isResumingSetup);

    expect(run.server.paths[1]).toContain('google.cloud.aiplatform.v1beta1.LlmBidiService');
    expect(setupHandle(resumed)).toEqual({ handle: 'handle-1', transparent: true });
  });

  it('goAway moves the session to a new connection with the newest handle; goAway is not an event', async () => {
    run = await LiveGeminiRun.start({
      rules: [
        firstAnswer,
        {
          connection: 0,
          when: asks('And now?'),
          reply: [
            resumable('handle-2'),
            modelText('Now'),
            turnComplete,
            { goAway: { timeLeft: '5s' } },
          ],
        },
        { connection: 1, when: asks('Later?'), reply: [modelText('Later'), turnComplete] },
      ],
    });
    ask(run, 'Hi');
    await run.eventsMatching(isTurnComplete);
    ask(run, 'And now?');
    const resumed = await run.server.nextFrame(isResumingSetup);
    ask(run, 'Later?');
    await run.eventsMatching(isTurnComplete, 3);

    expect(setupHandle(resumed)).toEqual({ handle: 'handle-2' });
    expect(run.server.paths).toHaveLength(2);
    expect(run.events.some((event) => JSON.stringify(event).includes('goAway'))).toBe(false);
    expect(run.events.map(describeEvent).slice(-3)).toEqual([
      'voice_agent: Later …',
      'voice_agent: Later',
      'voice_agent: turn complete',
    ]);
  });

  it('gives up with LiveReconnectionFailedError after 5 failed attempts in a row', async () => {
    run = await LiveGeminiRun.start({
      rules: [firstAnswer, { connection: 0, when: asks('Again?'), reply: [], drop: true }],
      // Every connection after the first is refused as a server error.
      refuseSetup: (connection) => (connection === 0 ? undefined : 1011),
    });
    ask(run, 'Hi');
    await run.eventsMatching(isTurnComplete);
    ask(run, 'Again?');
    const error = await run.ended;

    expect(LiveReconnectionFailedError.isInstance(error)).toBe(true);
    expect((error as LiveReconnectionFailedError).attempts).toBe(5);
    const cause = (error as Error).cause;
    expect(LiveConnectionClosedError.isInstance(cause)).toBe(true);
    expect((cause as LiveConnectionClosedError).closeCode).toBe(1011);
    // The first connection and five attempts, each with the handle.
    expect(run.server.paths).toHaveLength(6);
    expect(run.server.setups.slice(1).map(setupHandle)).toEqual(
      Array.from({ length: 5 }, () => ({ handle: 'handle-1' })),
    );
  });

  it('a close that is not a drop (1008, policy violation) ends the run even with a handle', async () => {
    run = await LiveGeminiRun.start({
      rules: [firstAnswer, { connection: 0, when: asks('Bad?'), reply: [], closeWith: 1008 }],
    });
    ask(run, 'Hi');
    await run.eventsMatching(isTurnComplete);
    ask(run, 'Bad?');
    const error = await run.ended;

    expect(LiveConnectionClosedError.isInstance(error)).toBe(true);
    expect((error as LiveConnectionClosedError).closeCode).toBe(1008);
    expect(run.server.paths).toHaveLength(1);
  });
});
