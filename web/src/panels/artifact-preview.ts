import type { WirePart } from '../api/types';

/** How the Artifacts panel shows one artifact version. */
export type ArtifactPreview =
  | { kind: 'text'; text: string; mimeType: string }
  | { kind: 'image'; src: string; mimeType: string }
  | { kind: 'download'; href: string; mimeType: string; bytes: number }
  | { kind: 'link'; uri: string; mimeType: string }
  | { kind: 'empty' };

/** True for MIME types whose bytes are text: `text/*`, JSON, XML, YAML, JavaScript. */
export function isTextMimeType(mimeType: string): boolean {
  const base = (mimeType.split(';')[0] ?? '').trim().toLowerCase();
  return (
    base.startsWith('text/') ||
    /^application\/(json|xml|yaml|x-yaml|javascript|x-ndjson|ld\+json)$/.test(base) ||
    base.endsWith('+json') ||
    base.endsWith('+xml')
  );
}

/** Standard base64 (padded) from standard or URL-safe base64, as Python's pydantic may send. */
export function normalizeBase64(data: string): string {
  const standard = data.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
  return standard + '='.repeat((4 - (standard.length % 4)) % 4);
}

/** The bytes of base64 text. */
export function decodeBase64(data: string): Uint8Array {
  const binary = atob(normalizeBase64(data));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * Decides how to show an artifact Part: a `text` part or inline data of a
 * text MIME type as text (UTF-8, invalid bytes replaced); inline images as
 * a data URL (SVG included); other inline data as a download; `fileData` as a link.
 * Undecodable base64 becomes a download of the raw value's type.
 */
export function artifactPreview(part: WirePart | null | undefined): ArtifactPreview {
  if (!part) return { kind: 'empty' };
  if (typeof part.text === 'string')
    return { kind: 'text', text: part.text, mimeType: 'text/plain' };
  const inline = part.inlineData;
  if (inline && typeof inline.data === 'string') {
    const mimeType = inline.mimeType ?? 'application/octet-stream';
    const base64 = normalizeBase64(inline.data);
    // Images first: an SVG is XML text, but people want to see it (an <img> runs no script).
    if (mimeType.toLowerCase().startsWith('image/')) {
      return { kind: 'image', src: `data:${mimeType};base64,${base64}`, mimeType };
    }
    if (isTextMimeType(mimeType)) {
      try {
        return {
          kind: 'text',
          text: new TextDecoder().decode(decodeBase64(inline.data)),
          mimeType,
        };
      } catch {
        // Not base64 after all: offer the value as a download below.
      }
    }
    return {
      kind: 'download',
      href: `data:${mimeType};base64,${base64}`,
      mimeType,
      bytes: Math.floor((base64.replace(/=+$/, '').length * 3) / 4),
    };
  }
  if (part.fileData?.fileUri) {
    return { kind: 'link', uri: part.fileData.fileUri, mimeType: part.fileData.mimeType ?? '' };
  }
  return { kind: 'empty' };
}

/** A byte count for people: "512 B", "2.4 KB", "1.1 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
