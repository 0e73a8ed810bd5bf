import { describe, expect, it } from 'vitest';
import { artifactPreview, formatBytes, isTextMimeType, normalizeBase64 } from './artifact-preview';

const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('artifactPreview', () => {
  it('decodes text and JSON inline data as UTF-8', () => {
    expect(artifactPreview({ inlineData: { mimeType: 'text/plain', data: b64('héllo') } })).toEqual(
      {
        kind: 'text',
        text: 'héllo',
        mimeType: 'text/plain',
      },
    );
    expect(
      artifactPreview({ inlineData: { mimeType: 'application/json', data: b64('{"a":1}') } }),
    ).toMatchObject({
      kind: 'text',
      text: '{"a":1}',
    });
    expect(artifactPreview({ text: 'plain part' })).toEqual({
      kind: 'text',
      text: 'plain part',
      mimeType: 'text/plain',
    });
  });

  it('reads URL-safe unpadded base64', () => {
    const bytes = Buffer.from([0xfb, 0xff, 0xfe]);
    const urlSafe = bytes.toString('base64url');
    expect(urlSafe).toMatch(/[-_]/);
    expect(normalizeBase64(urlSafe)).toBe(bytes.toString('base64'));
  });

  it('shows images as data URLs, other types as downloads, file data as links', () => {
    expect(artifactPreview({ inlineData: { mimeType: 'image/png', data: 'iVBO' } })).toEqual({
      kind: 'image',
      src: 'data:image/png;base64,iVBO',
      mimeType: 'image/png',
    });
    expect(
      artifactPreview({ inlineData: { mimeType: 'application/pdf', data: b64('12345') } }),
    ).toEqual({
      kind: 'download',
      href: `data:application/pdf;base64,${b64('12345')}`,
      mimeType: 'application/pdf',
      bytes: 5,
    });
    expect(artifactPreview({ fileData: { fileUri: 'gs://b/o', mimeType: 'video/mp4' } })).toEqual({
      kind: 'link',
      uri: 'gs://b/o',
      mimeType: 'video/mp4',
    });
    expect(artifactPreview({})).toEqual({ kind: 'empty' });
    expect(artifactPreview(null)).toEqual({ kind: 'empty' });
  });

  it('offers undecodable text data as a download', () => {
    expect(artifactPreview({ inlineData: { mimeType: 'text/plain', data: '***' } })).toMatchObject({
      kind: 'download',
    });
  });

  it('shows an SVG as an image, not as its XML text', () => {
    const svg = btoa('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
    expect(artifactPreview({ inlineData: { mimeType: 'image/svg+xml', data: svg } })).toEqual({
      kind: 'image',
      src: `data:image/svg+xml;base64,${svg}`,
      mimeType: 'image/svg+xml',
    });
  });

  it('knows text MIME types and formats sizes', () => {
    expect(
      [
        'text/csv',
        'application/json; charset=utf-8',
        'application/vnd.api+json',
        'image/svg+xml',
      ].map(isTextMimeType),
    ).toEqual([true, true, true, true]);
    expect(['image/png', 'application/octet-stream'].map(isTextMimeType)).toEqual([false, false]);
    expect([formatBytes(512), formatBytes(2458), formatBytes(1153434)]).toEqual([
      '512 B',
      '2.4 KB',
      '1.1 MB',
    ]);
  });
});
