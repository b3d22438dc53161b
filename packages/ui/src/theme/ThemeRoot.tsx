'use client';

import { EnvironmentProvider } from '@ark-ui/react/environment';
import { LocaleProvider } from '@ark-ui/react/locale';
import { createContext, useContext, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { CSSProperties, ReactNode, Ref, RefObject } from 'react';
import { useColorModeState } from './colorMode.js';
import { directionOf } from './direction.js';
import type { ColorMode, ResolvedColorMode, UseColorModeOptions } from './colorMode.js';
import * as styles from './root.css.js';
import { darkTheme, lightTheme } from './themes.css.js';

/** What `useTheme()` returns inside a ThemeRoot. */
export interface ThemeContextValue {
  /** The chosen colour mode: `light` · `dark` · `system`. */
  mode: ColorMode;
  /** The mode in effect: `light` · `dark` (`system` resolved from the operating system). */
  resolved: ResolvedColorMode;
  /** Changes the colour mode (stored, unless controlled or `persist` is false) and calls `onChange`. */
  setMode: (mode: ColorMode) => void;
  /** The root's writing direction: `ltr` · `rtl`. */
  dir: 'ltr' | 'rtl';
  /** The root's BCP 47 locale. */
  locale: string;
  /** The element inside the themed root that overlays portal into. */
  overlayContainer: RefObject<HTMLDivElement | null>;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

export function useTheme(): ThemeContextValue {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('@client-portal/ui: components must be rendered inside <ThemeRoot>.');
  return ctx;
}

/** Overlay container for Ark's <Portal container>; undefined outside a ThemeRoot (falls back to body). */
export const useOverlayContainer = () => useContext(ThemeContext)?.overlayContainer;

export interface ThemeRootProps extends UseColorModeOptions {
  /** The content: every kit component must be rendered inside a ThemeRoot. */
  children?: ReactNode;
  /** BCP 47 tag; sets `lang` and, unless `dir` is given, the direction. Default `en`. */
  locale?: string;
  /**
   * Writing direction: `ltr` · `rtl`. Default: from `locale` (`rtl` for Arabic, Hebrew, Persian,
   * Urdu…). Layout, keyboard navigation and overlay placement mirror with it.
   */
  dir?: 'ltr' | 'rtl';
  /** Paint the theme's canvas colour behind the content. Default true. */
  canvas?: boolean;
  /** Extra class on the root element. */
  className?: string;
  /**
   * Extra inline style, e.g. appearance variables (`--cp-color-tone-accent-solid`); a function
   * receives the resolved colour mode, for values that differ between light and dark.
   */
  style?: CSSProperties | ((resolved: ResolvedColorMode) => CSSProperties);
  /** `id` of the root element. */
  id?: string;
  /** The root element. */
  ref?: Ref<HTMLDivElement>;
  /**
   * Everything inside is the kit's own (no elements of the site): each element then starts from the
   * browser's typography and box model, whatever the page's element rules say. The portal sets it.
   */
  ownsContent?: boolean;
  /**
   * The document or shadow root the kit lives in, when it is not the page's document (a root
   * rendered into a shadow root): Ark's focus, dismissal and positioning look there.
   */
  rootNode?: () => ShadowRoot | Document;
}

/**
 * The element overlays (tooltips, dialogs, drawers, menus, toasts) portal into, inside the themed
 * root. It exists from the first render in the browser, before the content that uses it is
 * committed, so an overlay open from the start is placed in it at once: portalled first to
 * `document.body` and then moved (what an element rendered by React, whose ref is set after its
 * siblings' effects, led to), it kept a position measured in the wrong place. Null on a server,
 * where overlays render in place.
 */
function useOverlayElement(): HTMLDivElement | null {
  const [element] = useState(() => {
    if (typeof document === 'undefined') return null;
    const layer = document.createElement('div');
    layer.className = styles.overlayLayer;
    layer.setAttribute('data-cp-overlays', '');
    return layer;
  });
  return element;
}

/**
 * The kit's themed root element. Theme variables, colour mode and direction live on this element,
 * never on `html` or `body`, so the kit can be embedded in any page; overlays render inside it.
 */
export function ThemeRoot({
  children,
  locale = 'en',
  dir,
  canvas = true,
  className,
  style,
  id,
  ref,
  rootNode,
  ownsContent = false,
  ...colorModeOptions
}: ThemeRootProps) {
  const { mode, resolved, setMode } = useColorModeState(colorModeOptions);
  const overlayElement = useOverlayElement();
  const overlayContainer = useMemo(() => ({ current: overlayElement }), [overlayElement]);
  // The overlay layer lives in an element of its own, last in the root: React adds no children to
  // it, so the content it renders always stays before the overlays.
  const overlayHost = useRef<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    const host = overlayHost.current;
    if (!host || !overlayElement) return;
    host.append(overlayElement);
    return () => overlayElement.remove();
  }, [overlayElement]);
  const direction = dir ?? directionOf(locale);
  // Ark derives direction from the locale alone; when a host forces the other direction, give Ark a
  // locale of that direction so keyboard navigation and placements mirror with the layout.
  const arkLocale = directionOf(locale) === direction ? locale : direction === 'rtl' ? 'ar' : 'en';
  const value = useMemo<ThemeContextValue>(
    () => ({ mode, resolved, setMode, dir: direction, locale, overlayContainer }),
    [mode, resolved, setMode, direction, locale, overlayContainer],
  );
  const classes = [
    styles.root,
    resolved === 'dark' ? darkTheme : lightTheme,
    resolved === 'dark' ? styles.dark : styles.light,
    canvas ? styles.canvas : undefined,
    ownsContent ? styles.ownsContent : undefined,
    className,
  ]
    .filter(Boolean)
    .join(' ');
  const themed = (
    <ThemeContext.Provider value={value}>
      <LocaleProvider locale={arkLocale}>
        <div
          ref={ref}
          id={id}
          className={classes}
          style={typeof style === 'function' ? style(resolved) : style}
          dir={direction}
          lang={locale}
          data-color-mode={resolved}
        >
          {children}
          <div ref={overlayHost} />
        </div>
      </LocaleProvider>
    </ThemeContext.Provider>
  );
  return rootNode ? <EnvironmentProvider value={rootNode}>{themed}</EnvironmentProvider> : themed;
}
