import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

export type ColorMode = 'light' | 'dark' | 'system';
export type ResolvedColorMode = 'light' | 'dark';

export const DEFAULT_COLOR_MODE_KEY = 'client-portal:color-mode';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export const isColorMode = (v: unknown): v is ColorMode => v === 'light' || v === 'dark' || v === 'system';

/** Reads the stored mode; any storage failure (private mode, blocked, SSR) falls back. */
export function readStoredColorMode(key: string, fallback: ColorMode): ColorMode {
  try {
    const v = typeof window === 'undefined' ? null : window.localStorage.getItem(key);
    return isColorMode(v) ? v : fallback;
  } catch {
    return fallback;
  }
}

function writeStoredColorMode(key: string, mode: ColorMode) {
  try {
    window.localStorage.setItem(key, mode);
  } catch {
    // Storage unavailable: the mode still applies for this page view.
  }
}

function subscribeSystem(cb: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const mql = window.matchMedia(DARK_QUERY);
  mql.addEventListener('change', cb);
  return () => mql.removeEventListener('change', cb);
}
const systemSnapshot = (): ResolvedColorMode =>
  typeof window !== 'undefined' && window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';

/** The operating system's scheme, live. Light on the server. */
export const useSystemColorMode = () =>
  useSyncExternalStore(subscribeSystem, systemSnapshot, (): ResolvedColorMode => 'light');

export interface UseColorModeOptions {
  /**
   * Controlled colour mode: `light` · `dark` · `system`. When set, storage is not read, and `setMode`
   * only calls `onChange`.
   */
  mode?: ColorMode;
  /**
   * The mode when uncontrolled: `light` (default) · `dark` · `system` (follows the operating system).
   * The first render always uses it, so server and client markup agree; a stored choice replaces it
   * right after.
   */
  defaultMode?: ColorMode;
  /** The localStorage key the chosen mode is kept under. Default `client-portal:color-mode`. */
  storageKey?: string;
  /**
   * Keep the chosen mode in localStorage and restore it on the next visit. Default true; `false`
   * neither reads nor writes storage.
   */
  persist?: boolean;
  /**
   * Called with the new mode each time `setMode` (from `useTheme`) is called, controlled or not; not
   * when a stored mode is restored or the system scheme changes.
   */
  onChange?: (mode: ColorMode) => void;
}

/**
 * Light / dark / system, kept in localStorage under a configurable key; initial light. The first
 * render always uses the default (so server and client markup agree), then the stored value.
 */
export function useColorModeState({
  mode: controlled,
  defaultMode = 'light',
  storageKey = DEFAULT_COLOR_MODE_KEY,
  persist = true,
  onChange,
}: UseColorModeOptions = {}) {
  const [uncontrolled, setUncontrolled] = useState<ColorMode>(defaultMode);
  useEffect(() => {
    if (controlled === undefined && persist) setUncontrolled(readStoredColorMode(storageKey, defaultMode));
  }, [controlled, persist, storageKey, defaultMode]);
  const mode = controlled ?? uncontrolled;
  const system = useSystemColorMode();
  const resolved: ResolvedColorMode = mode === 'system' ? system : mode;
  const setMode = useCallback(
    (next: ColorMode) => {
      if (controlled === undefined) {
        setUncontrolled(next);
        if (persist) writeStoredColorMode(storageKey, next);
      }
      onChange?.(next);
    },
    [controlled, persist, storageKey, onChange],
  );
  return { mode, resolved, setMode };
}
