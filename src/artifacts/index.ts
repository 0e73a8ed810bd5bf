export type {
  ArtifactKey,
  ArtifactVersion,
  BaseArtifactService,
  ListArtifactKeysRequest,
  LoadArtifactRequest,
  SaveArtifactRequest,
} from './base-artifact-service.js';
