import type { ArtifactKey, BaseArtifactService } from '../artifacts/base-artifact-service.js';
import type { Part } from '../types/index.js';

/**
 * Shared pieces of the artifact-service suite (support for
 * `artifact-service-suite.ts`).
 */

/** Builds a fresh, empty store for one test. */
export type MakeArtifactService = () => BaseArtifactService | Promise<BaseArtifactService>;

/** The app, user and session every case uses. */
export const app = 'app0';
export const user = 'user0';
export const session = 's1';

/** A text Part. */
export function text(value: string): Part {
  return { text: value };
}

/** An inline PNG Part with the given bytes. */
export function png(bytes: string): Part {
  return { inlineData: { mimeType: 'image/png', data: Buffer.from(bytes).toString('base64') } };
}

/** The key of `filename` in session `sessionId`; `null` leaves the session id out. */
export function key(filename: string, sessionId: string | null = session): ArtifactKey {
  return sessionId === null
    ? { appName: app, userId: user, filename }
    : { appName: app, userId: user, sessionId, filename };
}

/** Python's `sorted` order of strings: by code point, not by UTF-16 unit. */
export function compareCodePoints(left: string, right: string): number {
  const a = Array.from(left, (char) => char.codePointAt(0) ?? 0);
  const b = Array.from(right, (char) => char.codePointAt(0) ?? 0);
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}

/** What the promise rejected with, or undefined when it resolved. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return undefined;
}
