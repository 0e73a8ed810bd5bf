import type { UserMessageHookArguments } from '../context/hook-arguments.js';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Content, Part } from '../types/index.js';
import { logger } from '../utils/logger.js';
import { BasePlugin } from './base-plugin.js';

/** URI schemes the model connectors can read a file from (Python `_MODEL_ACCESSIBLE_URI_SCHEMES`). */
export const MODEL_ACCESSIBLE_URI_SCHEMES: ReadonlySet<string> = new Set(['gs', 'https', 'http']);

/** Options of `SaveFilesAsArtifactsPlugin` (Python `SaveFilesAsArtifactsPlugin.__init__`). */
export interface SaveFilesAsArtifactsPluginOptions {
  /** The plugin's name; default `save_files_as_artifacts_plugin`. */
  name?: string;
  /**
   * Whether to add a `fileData` part pointing at the saved artifact when the
   * artifact service stores it at a URI the model can read (`gs`, `https`,
   * `http`); default true.
   */
  attachFileReference?: boolean;
}

/**
 * Saves files uploaded in a user message as artifacts (Python
 * `SaveFilesAsArtifactsPlugin`). Each `inlineData` part is saved under its
 * `displayName` (else `artifact_<invocationId>_<index>`; a `user:` prefix
 * makes it user-scoped, and a same-named artifact gets a new version) and
 * replaced in the message by the text `[Uploaded Artifact: "<name>"]`, plus
 * a `fileData` reference when the saved version's URI is model-accessible.
 * A part that fails to save stays as it was. With no artifact service the
 * plugin warns and returns the message unchanged (which, as in Python, ends
 * the chain of `onUserMessageCallback` hooks).
 */
export class SaveFilesAsArtifactsPlugin extends BasePlugin {
  private readonly attachFileReference: boolean;

  constructor(options: SaveFilesAsArtifactsPluginOptions = {}) {
    super(options.name ?? 'save_files_as_artifacts_plugin');
    this.attachFileReference = options.attachFileReference ?? true;
  }

  override async onUserMessageCallback({
    invocationContext,
    userMessage,
  }: UserMessageHookArguments): Promise<Content | undefined> {
    const service = invocationContext.artifactService;
    if (!service) {
      logger.warn('Artifact service is not set. SaveFilesAsArtifactsPlugin will not be enabled.');
      return userMessage;
    }
    if (!userMessage.parts || userMessage.parts.length === 0) return undefined;
    const newParts: Part[] = [];
    let modified = false;
    for (const [index, part] of userMessage.parts.entries()) {
      const inlineData = part.inlineData;
      if (inlineData === undefined || inlineData === null) {
        newParts.push(part);
        continue;
      }
      try {
        let filename = inlineData.displayName;
        if (!filename) {
          filename = `artifact_${invocationContext.invocationId}_${index}`;
          logger.info(`No display_name found, using generated filename: ${filename}`);
        }
        const version = await service.saveArtifact({
          appName: invocationContext.appName,
          userId: invocationContext.userId,
          sessionId: invocationContext.session.id,
          filename,
          // A copy, so that later edits of the message never reach the saved artifact.
          artifact: { ...part, inlineData: { ...inlineData } },
        });
        newParts.push({ text: `[Uploaded Artifact: "${filename}"]` });
        if (this.attachFileReference) {
          const reference = await this.buildFileReferencePart(invocationContext, {
            filename,
            version,
            mimeType: inlineData.mimeType,
          });
          if (reference) newParts.push(reference);
        }
        modified = true;
        logger.info(`Successfully saved artifact: ${filename}`);
      } catch (error) {
        logger.error(`Failed to save artifact for part ${index}: ${String(error)}`);
        newParts.push(part);
      }
    }
    return modified ? { role: userMessage.role, parts: newParts } : undefined;
  }

  /** A `fileData` part for the saved version, when its canonical URI is model-accessible. */
  private async buildFileReferencePart(
    invocationContext: InvocationContext,
    saved: { filename: string; version: number; mimeType: string | undefined },
  ): Promise<Part | undefined> {
    const service = invocationContext.artifactService;
    if (!service) return undefined;
    let artifactVersion;
    try {
      artifactVersion = await service.getArtifactVersion({
        appName: invocationContext.appName,
        userId: invocationContext.userId,
        sessionId: invocationContext.session.id,
        filename: saved.filename,
        version: saved.version,
      });
    } catch (error) {
      logger.warn(`Failed to resolve artifact version for ${saved.filename}: ${String(error)}`);
      return undefined;
    }
    const uri = artifactVersion?.canonicalUri;
    if (!uri || !isModelAccessibleUri(uri)) return undefined;
    const mimeType = saved.mimeType || artifactVersion?.mimeType;
    return {
      fileData: {
        fileUri: uri,
        ...(mimeType ? { mimeType } : {}),
        displayName: saved.filename,
      },
    };
  }
}

/** Whether the model can fetch `uri` itself: its scheme is in `MODEL_ACCESSIBLE_URI_SCHEMES`. */
export function isModelAccessibleUri(uri: string): boolean {
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(uri);
  return match !== null && MODEL_ACCESSIBLE_URI_SCHEMES.has(match[1]!.toLowerCase());
}
