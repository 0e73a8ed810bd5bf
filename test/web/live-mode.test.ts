import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedLiveLlm } from '../../src/testing/scripted-live-llm.js';
import { launchBrowser, openApp, screenshot, startDevServer, type DevServer } from './harness.js';
import {
  ANSWER,
  createFailingLiveApp,
  createLiveApp,
  createTextLiveApp,
  CUT_SHORT,
  LIVE_APP_NAME,
  LIVE_FAILURE,
  MICROPHONE_TONE_HZ,
  QUESTION,
  TEXT_ANSWER,
  writeToneWav,
} from './live-app.js';
import {
  createLiveApprovalApp,
  LIVE_APPROVAL_APP_NAME,
  LIVE_APPROVAL_REPLY,
} from './live-approval-app.js';

// Live mode of the dev UI in a real chromium whose microphone is a WAV file,
// against the real server's /run_live and a scripted live model.

const answering = createLiveApp();
const bargeIn = createLiveApp({ bargeIn: true });
const BARGE_IN_APP = 'barge_in_app';
const FAILING_APP = 'failing_voice_app';
const textAnswering = createTextLiveApp();
const TEXT_APP = 'text_voice_app';
const approval = createLiveApprovalApp();

let server: DevServer;
let browser: Browser;
let page: Page;
let wavDirectory: string;

/** How long a poll waits for the live pipeline (a loaded machine starts chromium's audio slowly). */
const WAIT = { timeout: 10_000 };

beforeAll(async () => {
  wavDirectory = await mkdtemp(path.join(tmpdir(), 'adk-live-wav-'));
  const wav = path.join(wavDirectory, 'tone.wav');
  await writeToneWav(wav);
  server = await startDevServer({
    [LIVE_APP_NAME]: answering.agent,
    [BARGE_IN_APP]: bargeIn.agent,
    [FAILING_APP]: createFailingLiveApp(),
    [TEXT_APP]: textAnswering.agent,
    [LIVE_APPROVAL_APP_NAME]: approval.agent,
  });
  browser = await launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wav}`,
    '--autoplay-policy=no-user-gesture-required',
  ]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(wavDirectory, { recursive: true, force: true });
});

afterEach(async () => {
  await page?.context().close();
});

async function openLive(appName: string): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await openApp(page, server.url, appName);
}

function liveStatus() {
  return page.getByTestId('live-status');
}

async function statusNumber(name: string): Promise<number> {
  return Number(await liveStatus().getAttribute(`data-${name}`));
}

function transcript() {
  return page.getByRole('log', { name: 'Live transcript' });
}

/** The 16 kHz samples the model received, decoded from every realtime blob. */
function receivedSamples(model: ScriptedLiveLlm): { mimeTypes: string[]; samples: Int16Array[] } {
  const blobs = model.connections.flatMap((connection) =>
    connection.realtimeInputs.flatMap((input) => ('blob' in input ? [input.blob] : [])),
  );
  return {
    mimeTypes: blobs.map((blob) => blob.mimeType ?? ''),
    samples: blobs.map((blob) => {
      const bytes = Buffer.from(blob.data ?? '', 'base64');
      return new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2);
    }),
  };
}

/**
 * The pitch of a tone in 16 kHz samples: half the sign changes in the
 * second after the tone starts (the first sample louder than the capture's
 * start-up silence). NaN when less than a second of tone was received.
 */
function pitchOf(chunks: Int16Array[]): number {
  const all = chunks.flatMap((chunk) => Array.from(chunk));
  const onset = all.findIndex((sample) => Math.abs(sample) > 2000);
  if (onset === -1 || all.length - onset < 16_000) return Number.NaN;
  let crossings = 0;
  for (let index = onset + 1; index < onset + 16_000; index += 1) {
    if (all[index - 1]! < 0 !== all[index]! < 0) crossings += 1;
  }
  return crossings / 2;
}

describe('dev UI live mode', () => {
  it('streams the microphone as 16 kHz PCM, shows both transcripts and plays the answer', async () => {
    await openLive(LIVE_APP_NAME);
    await page.getByRole('button', { name: 'Start live', exact: true }).click();
    await expect.poll(() => liveStatus().getAttribute('data-status'), WAIT).toBe('live');

    // The question grows from its pieces and closes with the whole; the answer follows.
    const user = transcript().locator('[data-speaker="user"]');
    const agent = transcript().locator('[data-speaker="model"]');
    await expect.poll(() => user.innerText(), WAIT).toContain(QUESTION);
    await expect.poll(() => user.getAttribute('data-final'), WAIT).toBe('true');
    await expect.poll(() => agent.innerText(), WAIT).toContain(ANSWER);
    expect(await user.count()).toBe(1);

    // The answer's two 24 kHz chunks were scheduled and played to their end.
    await expect.poll(() => statusNumber('audio-scheduled'), WAIT).toBe(2);
    await expect.poll(() => statusNumber('audio-played'), WAIT).toBe(2);
    expect(await liveStatus().getAttribute('data-audio-state')).toBe('running');

    // Enough microphone audio to measure its pitch over a second: 15 chunks of 100 ms.
    await expect.poll(() => statusNumber('chunks-sent'), WAIT).toBeGreaterThan(15);
    await screenshot(page, 'live-01-answered');

    // Typed text goes into the open session as content.
    const box = page.getByLabel('Message', { exact: true });
    await box.fill('Thanks!');
    await box.press('Enter');
    await expect
      .poll(
        () => answering.model.connections[0]?.contents.map((content) => content.parts?.[0]?.text),
        WAIT,
      )
      .toEqual(['Thanks!']);
    const conversation = page.getByRole('log', { name: 'Conversation' });
    expect(await conversation.getByText('Thanks!').count()).toBe(1);
    // The server has them once the model recorded them (the page's count may be ahead of it).
    await expect
      .poll(() => receivedSamples(answering.model).mimeTypes.length, WAIT)
      .toBeGreaterThan(15);
    const received = receivedSamples(answering.model);
    expect(new Set(received.mimeTypes)).toEqual(new Set(['audio/pcm;rate=16000']));
    expect(answering.model.requests[0]?.liveConnectConfig?.responseModalities).toEqual(['AUDIO']);
    // 100 ms chunks at 16 kHz: 1600 samples each.
    expect(new Set(received.samples.map((chunk) => chunk.length))).toEqual(new Set([1600]));
    // The fake microphone's 440 Hz tone is still 440 Hz at 16 kHz: the page resampled it right.
    const pitch = pitchOf(received.samples);
    expect(pitch).toBeGreaterThan(MICROPHONE_TONE_HZ * 0.95);
    expect(pitch).toBeLessThan(MICROPHONE_TONE_HZ * 1.05);

    await page.getByRole('button', { name: 'Stop live', exact: true }).click();
    await expect.poll(() => liveStatus().getAttribute('data-status'), WAIT).toBe('off');
    expect(await page.getByTestId('live-error').count()).toBe(0);
    await expect.poll(() => answering.model.connections.every((c) => c.closed), WAIT).toBe(true);

    // The stored session is reloaded: what was said is in the conversation, once.
    const speech = conversation.getByTestId('message-speech');
    await expect
      .poll(() => speech.allInnerTexts(), WAIT)
      .toEqual([`(spoken) ${QUESTION}`, `(spoken) ${ANSWER}`]);
    expect(await transcript().count()).toBe(0);
    await screenshot(page, 'live-02-stopped');
  });

  it('silences the model when it is interrupted and marks its utterance cut short', async () => {
    await openLive(BARGE_IN_APP);
    await page.getByRole('button', { name: 'Start live', exact: true }).click();
    const cut = transcript().getByText(CUT_SHORT);
    await cut.waitFor();
    // Turn 2's five seconds of speech were queued; the interruption dropped them well before their end.
    await expect.poll(() => statusNumber('audio-scheduled'), WAIT).toBe(3);
    await expect.poll(() => transcript().innerText(), WAIT).toContain('(interrupted)');
    await expect.poll(() => statusNumber('audio-queued'), { timeout: 3_000 }).toBe(0);
    expect(await statusNumber('audio-played')).toBeLessThan(3);
    await screenshot(page, 'live-03-interrupted');
    await page.getByRole('button', { name: 'Stop live', exact: true }).click();
    await expect.poll(() => liveStatus().getAttribute('data-status'), WAIT).toBe('off');
  });

  it('ends live mode and says why when the run fails on the server', async () => {
    await openLive(FAILING_APP);
    await page.getByRole('button', { name: 'Start live', exact: true }).click();
    const error = page.getByTestId('live-error');
    await error.waitFor();
    expect(await error.innerText()).toContain(LIVE_FAILURE);
    expect(await error.innerText()).toContain('code 1011');
    await expect.poll(() => liveStatus().getAttribute('data-status'), WAIT).toBe('off');
    expect(await page.getByRole('button', { name: 'Start live', exact: true }).isEnabled()).toBe(
      true,
    );
  });

  it('asks for text answers when picked, and streams them into the conversation', async () => {
    await openLive(TEXT_APP);
    await page.getByLabel('Live answers', { exact: true }).selectOption('TEXT');
    await page.getByRole('button', { name: 'Start live', exact: true }).click();
    const conversation = page.getByRole('log', { name: 'Conversation' });
    await conversation.getByText(TEXT_ANSWER).waitFor();
    expect(textAnswering.model.requests[0]?.liveConnectConfig?.responseModalities).toEqual([
      'TEXT',
    ]);
    // The streamed pieces were replaced by the final text: it shows once.
    await expect.poll(() => conversation.getByText(TEXT_ANSWER).count(), WAIT).toBe(1);
    expect(await conversation.locator('[data-streaming="true"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Stop live', exact: true }).click();
    await expect.poll(() => liveStatus().getAttribute('data-status'), WAIT).toBe('off');
  });

  it('answers a long-running call over the open live session, not with a new run', async () => {
    await openLive(LIVE_APPROVAL_APP_NAME);
    await page.getByRole('button', { name: 'Start live', exact: true }).click();
    await expect.poll(() => liveStatus().getAttribute('data-status'), WAIT).toBe('live');
    const box = page.getByLabel('Message', { exact: true });
    await box.fill('Please approve the deployment');
    await box.press('Enter');
    const card = page.getByRole('region', { name: 'Function call ask_approval', exact: true });
    const editor = card.getByLabel('Response for ask_approval (JSON)', { exact: true });
    await editor.waitFor();
    await editor.fill('{"approved": true, "note": "ship it"}');
    await card.getByRole('button', { name: 'Send response' }).click();

    const conversation = page.getByRole('log', { name: 'Conversation' });
    const reply = conversation.getByText(LIVE_APPROVAL_REPLY);
    await reply.waitFor();
    expect(await reply.innerText()).toBe(
      `${LIVE_APPROVAL_REPLY}{"approved":true,"note":"ship it"}`,
    );
    // The live model got the answer in its session, which is still open.
    expect(approval.model.contents.map((content) => content.parts?.[0]?.functionResponse)).toEqual([
      undefined,
      { id: 'live-call-1', name: 'ask_approval', response: { approved: true, note: 'ship it' } },
    ]);
    expect(await liveStatus().getAttribute('data-status')).toBe('live');
    expect(await card.getByLabel('Response of ask_approval').innerText()).toContain(
      '"note": "ship it"',
    );
    expect(await editor.count()).toBe(0);
    await screenshot(page, 'live-04-long-running-answered');

    // The answer was stored: the reloaded session shows it on the call, without a form.
    await page.getByRole('button', { name: 'Stop live', exact: true }).click();
    await expect.poll(() => liveStatus().getAttribute('data-status'), WAIT).toBe('off');
    await expect
      .poll(() => card.getByLabel('Response of ask_approval').innerText(), WAIT)
      .toContain('"note": "ship it"');
    expect(await editor.count()).toBe(0);
    expect(await conversation.getByText(LIVE_APPROVAL_REPLY).count()).toBe(1);
  });
});
