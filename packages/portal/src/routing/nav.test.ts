import { describe, expect, it } from 'vitest';
import { hrefOf, isActive, isFrameless, NAV_ENTRIES, visibleEntries } from './nav.js';

const entry = (id: string) => NAV_ENTRIES.find((e) => e.id === id)!;

describe('navigation entries', () => {
  it('links each entry to prefix + path + query', () => {
    expect(NAV_ENTRIES.map(hrefOf)).toEqual([
      '/home',
      '/dashboard',
      '/requests',
      '/services/projects',
      '/services/talent?tab=Active',
      '/services/ai-agents',
      '/my-info/account?tab=documents',
      '/knowledge-base',
      '/services/my-teams',
      '/profile/settings',
    ]);
  });

  it('is active when the lower-cased path contains the entry path, query ignored', () => {
    expect(isActive(entry('talent'), '/Services/TALENT?tab=Past')).toBe(true);
    expect(isActive(entry('talent'), '/services/projects?x=/talent')).toBe(false);
    expect(isActive(entry('projects'), '/services/projects/PORTAL')).toBe(true);
    expect(isActive(entry('home'), '/dashboard')).toBe(false);
  });

  it('hides Home unless the gate passes', () => {
    expect(visibleEntries(false).map((e) => e.id)).not.toContain('home');
    expect(visibleEntries(true)[0]?.id).toBe('home');
    expect(visibleEntries(false).at(-1)?.id).toBe('profile');
  });

  it('renders the root path and the sign-in page without the frame', () => {
    expect(isFrameless('/')).toBe(true);
    expect(isFrameless('/auth/signin?returnTo=%2F')).toBe(true);
    expect(isFrameless('/auth/signin/')).toBe(true);
    expect(isFrameless('/dashboard')).toBe(false);
  });
});
