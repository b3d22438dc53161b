import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The portal lives in other people's pages: a site's `html { font-size: 10px }` rescales every `rem`
// (the hostile-CSS embedding test caught a dashboard laid out in rem). Lengths are px, from the kit's
// tokens or literal; only stories and tests may use rem.
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'standalone' ? [] : sources(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.(stories|test)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('portal styles', () => {
  it('use no rem lengths (a host page’s root font size must not resize the portal)', () => {
    const root = import.meta.dirname;
    const found = sources(root).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          /['"`][^'"`]*\b\d+(?:\.\d+)?rem\b[^'"`]*['"`]/.test(line) && !line.trim().startsWith('//')
            ? [`${relative(root, file)}:${i + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
