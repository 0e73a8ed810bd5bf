import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LineReader } from './line-reader.js';

function terminal() {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let shown = '';
  stdout.on('data', (chunk: Buffer) => (shown += chunk.toString()));
  const reader = new LineReader({ stdin, stdout, stderr: new PassThrough(), isInteractive: true });
  return { stdin, reader, shown: () => shown };
}

describe('LineReader at a terminal', () => {
  it('echoes what is typed for an ordinary line', async () => {
    const { stdin, reader, shown } = terminal();
    reader.prompt('[user]: ');
    const line = reader.next();
    stdin.write('hello\r');
    expect(await line).toBe('hello');
    expect(shown()).toContain('hello');
    reader.close();
  });

  it('nextSecret reads the line without showing it, then ends the line', async () => {
    const { stdin, reader, shown } = terminal();
    reader.prompt('[user]: ');
    const secret = reader.nextSecret();
    stdin.write('sekret-42\r');
    expect(await secret).toBe('sekret-42');
    expect(shown()).toContain('[user]: ');
    expect(shown()).not.toContain('sekret');
    expect(shown().endsWith('\n')).toBe(true);
    // Echo is back for the next line.
    reader.prompt('[user]: ');
    const next = reader.next();
    stdin.write('visible\r');
    expect(await next).toBe('visible');
    expect(shown()).toContain('visible');
    reader.close();
  });
});
