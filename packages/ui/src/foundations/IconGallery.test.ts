import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { icons } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { IN_USE } from './IconGallery.js';

const packages = join(import.meta.dirname, '..', '..', '..');

/** The lucide icons imported by the kit's and the portal's source (stories, docs and tests apart). */
function imported(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (
        /\.tsx?$/.test(entry) &&
        !/\.(stories|test)\.tsx?$/.test(entry) &&
        !path.includes('foundations')
      ) {
        for (const [, list] of readFileSync(path, 'utf8').matchAll(
          /import\s*\{([^}]*)\}\s*from\s*'lucide-react'/g,
        )) {
          for (const part of (list ?? '').split(',')) {
            const name = part
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0]
              ?.trim();
            if (name && name in icons) names.add(name);
          }
        }
      }
    }
  };
  walk(join(packages, 'ui', 'src'));
  walk(join(packages, 'portal', 'src'));
  return names;
}

describe('the icon gallery', () => {
  it('lists exactly the icons the kit and the portal import, each once, each a lucide icon', () => {
    const listed = IN_USE.map((icon) => icon.name);
    expect(new Set(listed).size).toBe(listed.length);
    for (const name of listed) expect(icons).toHaveProperty(name);
    expect([...imported()].sort()).toEqual([...listed].sort());
  });
});
