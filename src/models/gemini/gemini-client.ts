import type {
  CachedContent,
  CreateCachedContentParameters,
  DeleteCachedContentParameters,
  GenerateContentParameters,
  GenerateContentResponse,
  GoogleGenAIOptions,
} from '@google/genai';
import { optionalSdkLoader } from '../optional-sdk-loader.js';
import type { GeminiLiveClient } from './live-connect.js';

/**
 * The part of `@google/genai`'s `GoogleGenAI` client the adapter uses. A
 * `GoogleGenAI` instance satisfies it, so a client configured by the caller
 * (credentials, a proxy `fetch`, other HTTP options) can be passed in.
 */
export interface GeminiClient {
  /** True when the client talks to Vertex AI rather than the Gemini API. */
  readonly vertexai: boolean;
  readonly models: {
    /** `POST …/{model}:generateContent`; resolves to the parsed response. */
    generateContent(params: GenerateContentParameters): Promise<GenerateContentResponse>;
    /** `POST …/{model}:streamGenerateContent?alt=sse`; resolves once the answer starts, to its chunks. */
    generateContentStream(
      params: GenerateContentParameters,
    ): Promise<AsyncGenerator<GenerateContentResponse>>;
  };
  /** The Vertex AI project and location, when the client has them (they scope its caches). */
  readonly project?: string | undefined;
  readonly location?: string | undefined;
  /**
   * The cachedContents API, for context caching; a client without it
   * leaves requests uncached.
   */
  readonly caches?: {
    /** `POST …/cachedContents`; resolves to the new cache (its `name`, `expireTime`). */
    create(params: CreateCachedContentParameters): Promise<CachedContent>;
    /** `DELETE …/{name}`. */
    delete(params: DeleteCachedContentParameters): Promise<unknown>;
  };
  /** The live (BidiGenerateContent) client, for `Gemini.connect`; a client without it cannot go live. */
  readonly live?: GeminiLiveClient;
}

type GoogleGenAIConstructor = new (options: GoogleGenAIOptions) => GeminiClient;

const PACKAGE_NAME = '@google/genai';

/**
 * The SDK's `GoogleGenAI` class, imported at first use so that loading this
 * package does not load the client (only its types are used elsewhere).
 * Throws `MissingDependencyError` naming `@google/genai` when it is not
 * installed.
 */
export const loadGoogleGenAI: () => Promise<GoogleGenAIConstructor> = optionalSdkLoader({
  packageName: PACKAGE_NAME,
  feature: 'Gemini',
  load: () =>
    import('@google/genai').then(
      (module) => module.GoogleGenAI as unknown as GoogleGenAIConstructor,
    ),
});
