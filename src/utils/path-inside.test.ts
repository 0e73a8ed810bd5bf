import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPathInside } from './path-inside.js';

describe('isPathInside', () => {
  const root = path.resolve('/srv/agents/app');

  it('holds for the root itself and what lies beneath it', () => {
    expect(isPathInside(root, root)).toBe(true);
    expect(isPathInside(root, path.join(root, 'a', 'b.yaml'))).toBe(true);
  });

  it('refuses a parent, a sibling sharing the prefix, and a path that climbs out', () => {
    expect(isPathInside(root, path.dirname(root))).toBe(false);
    expect(isPathInside(root, `${root}-other/x`)).toBe(false);
    expect(isPathInside(root, path.join(root, '..', 'other', 'x'))).toBe(false);
  });
});
