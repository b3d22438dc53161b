import { type ReactNode, type RefObject, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { SHADOW_HOST_ATTRIBUTE } from './storagePrefix.js';

/** One constructed stylesheet per document, shared by its portals. */
const sheets = new WeakMap<Document, Promise<CSSStyleSheet>>();

/**
 * The portal's stylesheet for a shadow root: the host element starts from initial values (so
 * nothing the page sets on it or inherits into it reaches the portal), then the portal's rules.
 * Loaded on first use: pages without shadow isolation never download it.
 */
function portalSheet(document: Document): Promise<CSSStyleSheet> {
  let sheet = sheets.get(document);
  if (!sheet) {
    const View = document.defaultView as (typeof globalThis & Window) | null;
    sheet = import('./shadowStyles.js').then(({ default: css }) => {
      const constructed = new (View?.CSSStyleSheet ?? CSSStyleSheet)();
      constructed.replaceSync(`:host{all:initial!important;display:block!important}\n${css}`);
      return constructed;
    });
    sheets.set(document, sheet);
  }
  return sheet;
}

/**
 * Full isolation: the portal renders into a shadow root of an element of its own, so no rule of the
 * page (class, id or element selectors, `!important` or not) can match its elements, and nothing
 * the page sets on that element or inherits into it applies. Fonts are declared by the page (a
 * shadow root cannot declare them): `@client-portal/portal/fonts.css`, or the usual `styles.css`.
 * On a server, and until the stylesheet is in place, only the empty host element is rendered.
 */
export function ShadowIsolation({
  children,
}: {
  children: (rootNode: () => ShadowRoot, host: RefObject<HTMLElement | null>) => ReactNode;
}) {
  const host = useRef<HTMLDivElement | null>(null);
  const [shadow, setShadow] = useState<ShadowRoot | null>(null);
  useLayoutEffect(() => {
    const element = host.current;
    if (!element) return;
    const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    let current = true;
    void portalSheet(element.ownerDocument).then((sheet) => {
      if (!current) return;
      if (!root.adoptedStyleSheets.includes(sheet))
        root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
      setShadow(root);
    });
    return () => {
      current = false;
    };
  }, []);
  const rootNode = useCallback(() => shadow as ShadowRoot, [shadow]);
  return (
    <div ref={host} {...{ [SHADOW_HOST_ATTRIBUTE]: '' }}>
      {shadow ? createPortal(children(rootNode, host), shadow) : null}
    </div>
  );
}
