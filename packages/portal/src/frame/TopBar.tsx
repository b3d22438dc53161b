import { Icon, IconButton } from '@client-portal/ui';
import { Menu as MenuIcon } from 'lucide-react';
import { useState } from 'react';
import { useI18n } from '../i18n/I18nProvider.js';
import { useLandmarkName } from '../PortalContext.js';
import type { NavEntry } from '../routing/nav.js';
import { BrandLink } from './BrandLink.js';
import { DeferredDrawer, DeferredSettingsMenu } from './deferred.js';
import type { Contrast } from './frameSettings.js';
import { NavList } from './NavList.js';
import * as styles from './TopBar.css.js';

/**
 * The small-screen bar's content: the menu button (a 285px drawer from the start edge, the left in
 * LTR and the right in RTL, holding the same entries), the logo and the settings.
 */
export function TopBar({
  entries,
  location,
  contrast,
  onContrastChange,
}: {
  entries: readonly NavEntry[];
  location: string;
  contrast: Contrast;
  onContrastChange: (contrast: Contrast) => void;
}) {
  const { t } = useI18n();
  const navName = useLandmarkName('nav.label');
  // Open for the route it was opened on: any navigation closes it, with no effect to sync.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location;
  return (
    <>
      <IconButton
        label={t('nav.openMenu')}
        variant="ghost"
        tone="neutral"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpenOn(location)}
      >
        <Icon icon={MenuIcon} size="md" />
      </IconButton>
      {/* No trigger of its own: the drawer's code loads on first use, and closing it returns focus to
          the element focused when it opened, this button. */}
      <DeferredDrawer
        title={t('nav.menuTitle')}
        closeLabel={t('nav.closeMenu')}
        side="start"
        width={285}
        open={open}
        onOpenChange={(next) => setOpenOn(next ? location : null)}
      >
        {/* A click on the current page's entry closes the drawer too, though the path stays the same. */}
        <nav
          aria-label={navName}
          className={styles.drawerNav}
          onClickCapture={(event) => {
            if (event.target instanceof Element && event.target.closest('a[href]')) setOpenOn(null);
          }}
        >
          <NavList entries={entries} location={location} />
        </nav>
      </DeferredDrawer>
      <div className={styles.brand}>
        <BrandLink />
      </div>
      <DeferredSettingsMenu contrast={contrast} onContrastChange={onContrastChange} placement="bottom-end" />
    </>
  );
}
