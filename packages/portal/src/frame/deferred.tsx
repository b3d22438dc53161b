import { Icon, IconButton, type TooltipProps } from '@client-portal/ui';
import { Settings2 } from 'lucide-react';
import {
  type ComponentProps,
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useI18n } from '../i18n/I18nProvider.js';

type Overlays = typeof import('./overlays.js');

let overlays: Promise<Overlays> | undefined;

/**
 * Whether the overlays are wanted yet. Rendering a lazy component starts its download, so the
 * triggers render their stand-ins — not the lazy overlays — until this turns true.
 */
let wanted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
/** Asks for the overlays: their triggers switch to the real ones (downloading the chunk). */
export function requestOverlays() {
  if (wanted) return;
  wanted = true;
  void loadOverlays();
  for (const listener of listeners) listener();
}
const useOverlaysWanted = () =>
  useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
/** Starts loading the overlays chunk (once); the frame calls it as soon as it has mounted. */
export const loadOverlays = (): Promise<Overlays> => {
  overlays ??= import('./overlays.js');
  return overlays;
};

/** How long nothing must be fetching before the overlays load; and the latest they load. */
const QUIET_MS = 1000;
const LATEST_MS = 5000;

/**
 * Loads the overlays once the page's data is in — no query has been fetching for QUIET_MS — or
 * after LATEST_MS at the latest, so their ~40 KB never compete with what the first view needs (the
 * first-view budget, bench/first-view.mjs). A pointer or keyboard focus reaching a trigger loads
 * them at once (FocusKeepingSuspense), and a trigger works before they arrive: its stand-in keeps
 * its label, and the settings menu opens as soon as its code is there.
 */
export function usePreloadOverlays() {
  const client = useQueryClient();
  useEffect(() => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const rearm = () => {
      clearTimeout(quiet);
      quiet = setTimeout(() => {
        if (client.isFetching() === 0) requestOverlays();
        else rearm();
      }, QUIET_MS);
    };
    const unsubscribe = client.getQueryCache().subscribe(rearm);
    rearm();
    const latest = setTimeout(requestOverlays, LATEST_MS);
    return () => {
      unsubscribe();
      clearTimeout(quiet);
      clearTimeout(latest);
    };
  }, [client]);
}

const LazyTooltip = lazy(() => loadOverlays().then((m) => ({ default: m.Tooltip })));
const LazyDrawer = lazy(() => loadOverlays().then((m) => ({ default: m.Drawer })));
const LazySettingsMenu = lazy(() => loadOverlays().then((m) => ({ default: m.SettingsMenu })));

/** Once the real trigger is on screen: gives it the focus its stand-in had when it was swapped out. */
function FocusOnArrival({
  wrapper,
  carry,
  children,
}: {
  wrapper: RefObject<HTMLSpanElement | null>;
  carry: RefObject<boolean>;
  children: ReactNode;
}) {
  useLayoutEffect(() => {
    const box = wrapper.current;
    if (!carry.current || !box) return;
    carry.current = false;
    const root = box.getRootNode() as Document | ShadowRoot;
    const active = root.activeElement;
    // Focus went nowhere (the stand-in was removed): put it on the real trigger.
    if (active === null || active === box.ownerDocument.body) {
      box.querySelector<HTMLElement>('button, a[href], [tabindex]:not([tabindex="-1"])')?.focus();
    }
  }, [wrapper, carry]);
  return children;
}

/**
 * A Suspense boundary for an overlay whose stand-in is a trigger (a button or link that looks the
 * same). When the code arrives React swaps the stand-in for the real trigger — a new element — and
 * a keyboard user's focus would drop to the page: if the stand-in had focus at the swap, the real
 * trigger gets it. The wrapper is `display: contents`, so it adds no box to the layout. A blur is
 * only a real one if the stand-in is still in the document a moment later (one that is being
 * removed keeps the focus to carry).
 */
export function FocusKeepingSuspense({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const wrapper = useRef<HTMLSpanElement>(null);
  const carry = useRef(false);
  // A layout effect: listening before the browser paints, so a focus that comes at once (a keyboard
  // user already on the way, a test) is seen.
  useLayoutEffect(() => {
    const box = wrapper.current;
    if (!box) return;
    // Intent: a pointer or focus on a trigger loads the overlays now, not when the page is quiet.
    const onIntent = () => requestOverlays();
    const onFocusIn = () => {
      carry.current = true;
      onIntent();
    };
    const onFocusOut = (event: FocusEvent) => {
      const left = event.target as Node;
      setTimeout(() => {
        if (left.isConnected) carry.current = false;
      }, 0);
    };
    box.addEventListener('focusin', onFocusIn);
    box.addEventListener('focusout', onFocusOut);
    box.addEventListener('pointerover', onIntent);
    return () => {
      box.removeEventListener('focusin', onFocusIn);
      box.removeEventListener('focusout', onFocusOut);
      box.removeEventListener('pointerover', onIntent);
    };
  }, []);
  return (
    <span ref={wrapper} style={{ display: 'contents' }}>
      <Suspense fallback={fallback}>
        <FocusOnArrival wrapper={wrapper} carry={carry}>
          {children}
        </FocusOnArrival>
      </Suspense>
    </span>
  );
}

/** The kit's Tooltip; until its code has arrived, the trigger alone (its label does not depend on it). */
export function DeferredTooltip(props: TooltipProps) {
  const want = useOverlaysWanted();
  return (
    <FocusKeepingSuspense fallback={props.children}>
      {want ? <LazyTooltip {...props} /> : props.children}
    </FocusKeepingSuspense>
  );
}

/**
 * The kit's Drawer, loaded when first opened (it has no trigger of its own here: the caller renders
 * the button and controls `open`). Once loaded it stays mounted, so closing it animates.
 */
export function DeferredDrawer(props: ComponentProps<Overlays['Drawer']>) {
  const [used, setUsed] = useState(props.open === true);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <LazyDrawer {...props} />
    </Suspense>
  );
}

/**
 * The settings menu. Until its code has arrived, a button that looks the same; a click on it opens
 * the menu as soon as the code is there.
 */
export function DeferredSettingsMenu(props: ComponentProps<Overlays['SettingsMenu']>) {
  const { t } = useI18n();
  const want = useOverlaysWanted();
  const [openRequested, setOpenRequested] = useState(false);
  const fallback = (
    <IconButton
      label={t('frame.settings')}
      variant="ghost"
      tone="neutral"
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => {
        setOpenRequested(true);
        requestOverlays();
      }}
    >
      <Icon icon={Settings2} size="md" />
    </IconButton>
  );
  return (
    <FocusKeepingSuspense fallback={fallback}>
      {want ? <LazySettingsMenu {...props} defaultOpen={openRequested} /> : fallback}
    </FocusKeepingSuspense>
  );
}
