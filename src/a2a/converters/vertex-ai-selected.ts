/**
 * Whether `GOOGLE_GENAI_USE_VERTEXAI` selects Vertex AI (`true` or `1`, any
 * case), as Python's `get_google_llm_variant` reads it. Vertex AI refuses
 * `Part.partMetadata`, so the A2A converters leave it out there.
 */
export function vertexAiSelected(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = (env['GOOGLE_GENAI_USE_VERTEXAI'] ?? '').toLowerCase();
  return value === 'true' || value === '1';
}
