/*
 * The public artifacts API (Python `google.adk.artifacts`): the artifact
 * service contract and its requests, the in-memory and file services, the
 * service for a URI, and artifact references (`artifact://` URIs).
 * src/index.ts re-exports all of it, so a name added here is a public-API
 * decision (test/packaging/public-surface.test.ts pins the runtime names).
 * Name and id validation and the file service's metadata stay out; the
 * services and the server import their files directly.
 */

export {
  getArtifactUri,
  isArtifactRef,
  parseArtifactUri,
  type ParsedArtifactUri,
} from './artifact-uri.js';
export { getArtifactServiceFromUri } from './artifact-service-from-uri.js';
export type {
  ArtifactKey,
  ArtifactVersion,
  BaseArtifactService,
  ListArtifactKeysRequest,
  LoadArtifactRequest,
  SaveArtifactRequest,
} from './base-artifact-service.js';
export { FileArtifactService } from './file-artifact-service.js';
export { InMemoryArtifactService } from './in-memory-artifact-service.js';
