import { Icon, IconButton, type TooltipProps } from '@client-portal/ui';
import { Settings2 } from 'lucide-react';
import { type ComponentProps, lazy, Suspense, useEffect, useState } from 'react';
import { useI18n } from '../i18n/I18nProvider.js';

type Overlays = typeof import('./overlays.js');

let overlays: Promise<Overlays> | undefined;
/** Starts loading the overlays chunk (once); the frame calls it as soon as it has mounted. */
export const loadOverlays = (): Promise<Overlays> => {
  overlays ??= import('./overlays.js');
  return overlays;
};

/** Loads the overlays once the frame is on screen, so they are there before anyone reaches for them. */
export function usePreloadOverlays() {
  useEffect(() => {
    void loadOverlays();
  }, []);
}

const LazyTooltip = lazy(() => loadOverlays().then((m) => ({ default: m.Tooltip })));
const LazyDrawer = lazy(() => loadOverlays().then((m) => ({ default: m.Drawer })));
const LazySettingsMenu = lazy(() => loadOverlays().then((m) => ({ default: m.SettingsMenu })));

/** The kit's Tooltip; until its code has arrived, the trigger alone (its label does not depend on it). */
export function DeferredTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <LazyTooltip {...props} />
    </Suspense>
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
        void loadOverlays();
      }}
    >
      <Icon icon={Settings2} size="md" />
    </IconButton>
  );
  return (
    <Suspense fallback={fallback}>
      <LazySettingsMenu {...props} defaultOpen={openRequested} />
    </Suspense>
  );
}
