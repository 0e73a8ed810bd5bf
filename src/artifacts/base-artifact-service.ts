import type { Part } from '../types/index.js';

/** Identifies one artifact: a file name within a session (or within the user, for `user:` names). */
export interface ArtifactKey {
  appName: string;
  userId: string;
  /** Required for session-scoped names; ignored for names starting with `user:`. */
  sessionId?: string;
  filename: string;
}

/** Arguments of `saveArtifact`. */
export interface SaveArtifactRequest extends ArtifactKey {
  artifact: Part;
  customMetadata?: Record<string, unknown>;
}

/** Arguments of `loadArtifact` and `getArtifactVersion`: the latest version unless `version` is given. */
export interface LoadArtifactRequest extends ArtifactKey {
  version?: number;
}

/** Arguments of `listArtifactKeys`. */
export interface ListArtifactKeysRequest {
  appName: string;
  userId: string;
  sessionId?: string;
}

/** Metadata of one stored artifact version (Python `ArtifactVersion`). */
export interface ArtifactVersion {
  version: number;
  canonicalUri: string;
  customMetadata: Record<string, unknown>;
  /** Float seconds since the epoch. */
  createTime: number;
  mimeType?: string;
}

/**
 * The contract every artifact store meets (Python `BaseArtifactService`).
 * Versions start at 0 and grow by one per save. A name starting with `user:`
 * is shared by all of the user's sessions.
 */
export interface BaseArtifactService {
  /** Stores a new version and returns its number. */
  saveArtifact(request: SaveArtifactRequest): Promise<number>;
  /** The given (or latest) version, or undefined when there is none. */
  loadArtifact(request: LoadArtifactRequest): Promise<Part | undefined>;
  /** The artifact names visible to the session (its own and the user's), sorted. */
  listArtifactKeys(request: ListArtifactKeysRequest): Promise<string[]>;
  /** Deletes every version of an artifact; deleting a missing one does nothing. */
  deleteArtifact(request: ArtifactKey): Promise<void>;
  /** The version numbers of an artifact, oldest first; [] when it does not exist. */
  listVersions(request: ArtifactKey): Promise<number[]>;
  /** Metadata of every version, oldest first. */
  listArtifactVersions(request: ArtifactKey): Promise<ArtifactVersion[]>;
  /** Metadata of the given (or latest) version, or undefined. */
  getArtifactVersion(request: LoadArtifactRequest): Promise<ArtifactVersion | undefined>;
}
