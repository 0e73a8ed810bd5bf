import { z } from 'zod';
import { LlmAgent } from '../agents/llm-agent.js';
import type { BaseArtifactService } from '../artifacts/base-artifact-service.js';
import type { BaseSessionService } from '../sessions/base-session-service.js';
import { functionCallResponse, ScriptedLlm, textResponse } from '../testing/scripted-llm.js';
import { FunctionTool } from '../tools/function-tool.js';
import type { Part } from '../types/index.js';
import { Runner } from './runner.js';

// Shared by rewind-replay.test.ts and rewind-contents.test.ts: an agent whose
// every turn calls a tool that changes session, user, app and temp state and
// saves session and user artifacts, so each turn leaves a different snapshot.

/** The app and user of the rewind tests. */
export const rewindIds = { appName: 'rewind_app', userId: 'u' };

/** The artifact names the turns write; `turn-<i>.txt` is created by turn i only. */
export const artifactNames = (turns: number): string[] => [
  'notes.txt',
  'user:profile.txt',
  ...Array.from({ length: turns }, (_, turn) => `turn-${turn}.txt`),
];

/**
 * A tool that records turn `turn`: `count` and `last` change every turn,
 * `key_<turn>` is added and `key_<turn-2>` removed, `user:seen`, `app:total`
 * and `temp:scratch` are written; `notes.txt` and `user:profile.txt` get a
 * new version, `turn-<turn>.txt` its first (odd turns save it twice).
 */
const recordTurn = new FunctionTool({
  name: 'record_turn',
  description: 'Records one turn.',
  parameters: z.object({ turn: z.number() }),
  execute: async ({ turn }, context) => {
    const state = context.state;
    state.set('count', turn);
    state.set('last', { turn, label: `turn ${turn}` });
    state.set(`key_${turn}`, turn);
    if (turn >= 2) state.set(`key_${turn - 2}`, null);
    state.set('user:seen', turn);
    state.set('app:total', turn);
    state.set('temp:scratch', turn);
    await context.saveArtifact('notes.txt', { text: `notes after turn ${turn}` });
    await context.saveArtifact('user:profile.txt', { text: `profile ${turn}` });
    await context.saveArtifact(`turn-${turn}.txt`, { text: `turn ${turn}` });
    if (turn % 2 === 1) await context.saveArtifact(`turn-${turn}.txt`, { text: `turn ${turn}!` });
    return { recorded: turn };
  },
});

/** The scripted model: even calls ask for `record_turn`, odd calls answer in text. */
export function recordingModel(): ScriptedLlm {
  return new ScriptedLlm({
    responses: (_request, callIndex) => {
      const turn = Math.floor(callIndex / 2);
      return callIndex % 2 === 0
        ? functionCallResponse('record_turn', { turn })
        : textResponse(`done ${turn}`);
    },
  });
}

/** A Runner of the recording agent on the given services. */
export function recordingRunner(
  sessionService: BaseSessionService,
  artifactService: BaseArtifactService,
  model: ScriptedLlm = recordingModel(),
): Runner {
  const agent = new LlmAgent({ name: 'recorder', model, tools: [recordTurn] });
  return new Runner({ agent, appName: rewindIds.appName, sessionService, artifactService });
}

/** What a session looks like at one point: its state and every artifact's latest content. */
export interface Snapshot {
  state: Record<string, unknown>;
  artifacts: Record<string, Part | undefined>;
}

/** The session's state and the latest content of each of `names`. */
export async function snapshot(
  runner: Runner,
  sessionId: string,
  names: readonly string[],
): Promise<Snapshot> {
  const session = await runner.sessionService.getSession({ ...rewindIds, sessionId });
  const artifacts: Record<string, Part | undefined> = {};
  for (const filename of names) {
    artifacts[filename] = await runner.artifactService!.loadArtifact({
      ...rewindIds,
      sessionId,
      filename,
    });
  }
  return { state: { ...session!.state }, artifacts };
}

/**
 * Runs `turns` turns on a new session (created with state `{origin: 'created'}`)
 * and returns the invocation id of each turn and the snapshot taken before
 * each turn and after the last (`snapshots[k]` is the session before turn k).
 */
export async function runRecordedTurns(
  runner: Runner,
  sessionId: string,
  turns: number,
): Promise<{ invocationIds: string[]; snapshots: Snapshot[] }> {
  await runner.sessionService.createSession({
    ...rewindIds,
    sessionId,
    state: { origin: 'created' },
  });
  const names = artifactNames(turns);
  const invocationIds: string[] = [];
  const snapshots = [await snapshot(runner, sessionId, names)];
  for (let turn = 0; turn < turns; turn++) {
    let invocationId = '';
    for await (const event of runner.runAsync({
      userId: rewindIds.userId,
      sessionId,
      newMessage: { role: 'user', parts: [{ text: `turn ${turn}` }] },
    })) {
      invocationId = event.invocationId;
    }
    invocationIds.push(invocationId);
    snapshots.push(await snapshot(runner, sessionId, names));
  }
  return { invocationIds, snapshots };
}
