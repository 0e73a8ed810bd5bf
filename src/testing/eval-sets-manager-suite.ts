import { describe, expect, it } from 'vitest';
import { AlreadyExistsError } from '../errors/already-exists-error.js';
import { EvalNotFoundError } from '../errors/eval-not-found-error.js';
import { InvalidAppNameError } from '../errors/invalid-app-name-error.js';
import { InvalidArgumentError } from '../errors/invalid-argument-error.js';
import type { EvalCase } from '../evaluation/eval-case.js';
import type { EvalSetsManager } from '../evaluation/eval-sets-manager.js';

/** An eval case with one turn whose user says `text`. */
export function sampleEvalCase(evalId: string, text = 'hello'): EvalCase {
  return {
    evalId,
    conversation: [
      {
        invocationId: `e-${evalId}`,
        userContent: { role: 'user', parts: [{ text }] },
        finalResponse: { role: 'model', parts: [{ text: `answer to ${text}` }] },
        creationTimestamp: 1_700_000_000.5,
      },
    ],
    sessionInput: { appName: 'app', userId: 'user', state: { snake_key: 1 } },
    creationTimestamp: 1_700_000_000.25,
    finalSessionState: {},
  };
}

/**
 * The behavioural suite every `EvalSetsManager` passes unchanged (files, in
 * memory): creating, listing, reading, adding, updating and deleting cases,
 * the errors of each, id validation and copies. `makeManager` gives a fresh,
 * empty manager for each test.
 */
export function runEvalSetsManagerSuite(
  name: string,
  makeManager: () => Promise<EvalSetsManager>,
): void {
  describe(`${name}: EvalSetsManager contract`, () => {
    it('creates an empty set and returns it', async () => {
      const manager = await makeManager();
      const created = await manager.createEvalSet({ appName: 'app', evalSetId: 'set_1' });
      expect(created).toMatchObject({ evalSetId: 'set_1', evalCases: [] });
      expect(created.creationTimestamp).toBeGreaterThan(0);
      expect(await manager.getEvalSet({ appName: 'app', evalSetId: 'set_1' })).toEqual(created);
      expect(await manager.getEvalSet({ appName: 'app', evalSetId: 'other' })).toBeUndefined();
    });

    it('refuses a second set of the same id', async () => {
      const manager = await makeManager();
      await manager.createEvalSet({ appName: 'app', evalSetId: 'dup' });
      await expect(manager.createEvalSet({ appName: 'app', evalSetId: 'dup' })).rejects.toSatisfy(
        AlreadyExistsError.isInstance,
      );
    });

    it('lists the app’s sets sorted, and only the app’s', async () => {
      const manager = await makeManager();
      for (const id of ['b_set', 'a_set', 'c_set']) {
        await manager.createEvalSet({ appName: 'app', evalSetId: id });
      }
      await manager.createEvalSet({ appName: 'other_app', evalSetId: 'z_set' });
      expect(await manager.listEvalSets({ appName: 'app' })).toEqual(['a_set', 'b_set', 'c_set']);
      expect(await manager.listEvalSets({ appName: 'other_app' })).toEqual(['z_set']);
    });

    it('adds, reads, updates and deletes cases', async () => {
      const manager = await makeManager();
      const ids = { appName: 'app', evalSetId: 'cases' };
      await manager.createEvalSet(ids);
      await manager.addEvalCase({ ...ids, evalCase: sampleEvalCase('one') });
      await manager.addEvalCase({ ...ids, evalCase: sampleEvalCase('two') });
      expect(await manager.getEvalCase({ ...ids, evalCaseId: 'one' })).toEqual(
        sampleEvalCase('one'),
      );
      expect(await manager.getEvalCase({ ...ids, evalCaseId: 'three' })).toBeUndefined();
      expect(await manager.getEvalCase({ ...ids, evalSetId: 'none', evalCaseId: 'one' })).toBe(
        undefined,
      );

      await manager.updateEvalCase({ ...ids, evalCase: sampleEvalCase('one', 'changed') });
      expect(await manager.getEvalCase({ ...ids, evalCaseId: 'one' })).toEqual(
        sampleEvalCase('one', 'changed'),
      );
      const set = await manager.getEvalSet(ids);
      expect(set?.evalCases.map((evalCase) => evalCase.evalId).sort()).toEqual(['one', 'two']);

      await manager.deleteEvalCase({ ...ids, evalCaseId: 'one' });
      expect(await manager.getEvalCase({ ...ids, evalCaseId: 'one' })).toBeUndefined();
      expect((await manager.getEvalSet(ids))?.evalCases.map((c) => c.evalId)).toEqual(['two']);
    });

    it('refuses a case whose id the set already has', async () => {
      const manager = await makeManager();
      const ids = { appName: 'app', evalSetId: 'dup_case' };
      await manager.createEvalSet(ids);
      await manager.addEvalCase({ ...ids, evalCase: sampleEvalCase('one') });
      await expect(
        manager.addEvalCase({ ...ids, evalCase: sampleEvalCase('one', 'again') }),
      ).rejects.toSatisfy(AlreadyExistsError.isInstance);
      expect(await manager.getEvalCase({ ...ids, evalCaseId: 'one' })).toEqual(
        sampleEvalCase('one'),
      );
    });

    it('reports a missing set or case as EvalNotFoundError', async () => {
      const manager = await makeManager();
      const missingSet = { appName: 'app', evalSetId: 'missing' };
      const kindOf = async (promise: Promise<unknown>) => {
        try {
          await promise;
        } catch (error) {
          return EvalNotFoundError.isInstance(error) ? `${error.kind}:${error.id}` : error;
        }
        return 'no error';
      };
      expect(
        await kindOf(manager.addEvalCase({ ...missingSet, evalCase: sampleEvalCase('a') })),
      ).toBe('evalSet:missing');
      expect(
        await kindOf(manager.updateEvalCase({ ...missingSet, evalCase: sampleEvalCase('a') })),
      ).toBe('evalSet:missing');
      expect(await kindOf(manager.deleteEvalCase({ ...missingSet, evalCaseId: 'a' }))).toBe(
        'evalSet:missing',
      );
      const ids = { appName: 'app', evalSetId: 'present' };
      await manager.createEvalSet(ids);
      expect(await kindOf(manager.updateEvalCase({ ...ids, evalCase: sampleEvalCase('a') }))).toBe(
        'evalCase:a',
      );
      expect(await kindOf(manager.deleteEvalCase({ ...ids, evalCaseId: 'a' }))).toBe('evalCase:a');
    });

    it('refuses ids that are not letters, digits and underscores', async () => {
      const manager = await makeManager();
      for (const evalSetId of ['../escape', 'a b', '', 'x.evalset']) {
        await expect(manager.createEvalSet({ appName: 'app', evalSetId })).rejects.toSatisfy(
          InvalidArgumentError.isInstance,
        );
        await expect(manager.getEvalSet({ appName: 'app', evalSetId })).rejects.toSatisfy(
          InvalidArgumentError.isInstance,
        );
      }
      for (const appName of ['../app', 'a/b', '']) {
        await expect(manager.createEvalSet({ appName, evalSetId: 'ok' })).rejects.toSatisfy(
          InvalidAppNameError.isInstance,
        );
        await expect(manager.listEvalSets({ appName })).rejects.toSatisfy(
          InvalidAppNameError.isInstance,
        );
      }
    });

    it('hands out copies: changing a returned or given object changes nothing stored', async () => {
      const manager = await makeManager();
      const ids = { appName: 'app', evalSetId: 'copies' };
      const created = await manager.createEvalSet(ids);
      created.evalCases.push(sampleEvalCase('ghost'));
      const evalCase = sampleEvalCase('real');
      await manager.addEvalCase({ ...ids, evalCase });
      evalCase.evalId = 'renamed';
      const read = await manager.getEvalCase({ ...ids, evalCaseId: 'real' });
      expect(read).toEqual(sampleEvalCase('real'));
      read?.conversation?.splice(0);
      expect(await manager.getEvalCase({ ...ids, evalCaseId: 'real' })).toEqual(
        sampleEvalCase('real'),
      );
      expect((await manager.getEvalSet(ids))?.evalCases.map((c) => c.evalId)).toEqual(['real']);
    });
  });
}
