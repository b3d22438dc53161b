import { useCallback, useSyncExternalStore } from 'react';

/** Display contrast, a setting held client-side (like mini mode). */
export const CONTRASTS = ['default', 'bold'] as const;
export type Contrast = (typeof CONTRASTS)[number];

const BOOLEANS = ['true', 'false'] as const;

/** The frame's localStorage keys; the colour mode's key (`:color-mode`) belongs to ThemeRoot. */
export const frameStorageKeys = (prefix: string) => ({
  mini: `${prefix}:nav-mini`,
  contrast: `${prefix}:contrast`,
});

const listeners = new Set<() => void>();
/** Values kept for this page view when localStorage refuses them (private mode, blocked storage). */
const unstored = new Map<string, string>();

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key) ?? unstored.get(key) ?? null;
  } catch {
    return unstored.get(key) ?? null;
  }
}

function write(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
    unstored.delete(key);
  } catch {
    unstored.set(key, value);
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab (or another portal on the page with the same prefix) changed a setting.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/**
 * One of `choices`, kept in localStorage under `key`. An external store rather than state read in an
 * effect: a client render starts from the stored value (no expanded-then-mini flash), while server
 * rendering and hydration use `fallback`.
 */
export function useStoredChoice<T extends string>(
  key: string,
  choices: readonly T[],
  fallback: T,
): [T, (next: T) => void] {
  const raw = useSyncExternalStore(
    subscribe,
    () => read(key),
    () => null,
  );
  const value = (choices as readonly string[]).includes(raw ?? '') ? (raw as T) : fallback;
  const set = useCallback((next: T) => write(key, next), [key]);
  return [value, set];
}

/** Mini navigation on or off (large screens). */
export function useMiniNavigation(prefix: string): [boolean, (mini: boolean) => void] {
  const [value, set] = useStoredChoice(frameStorageKeys(prefix).mini, BOOLEANS, 'false');
  const setMini = useCallback((mini: boolean) => set(mini ? 'true' : 'false'), [set]);
  return [value === 'true', setMini];
}

export function useContrast(prefix: string): [Contrast, (contrast: Contrast) => void] {
  return useStoredChoice(frameStorageKeys(prefix).contrast, CONTRASTS, 'default');
}
