import { Drawer, IconButton } from '@client-portal/ui';
import { Menu as MenuIcon } from 'lucide-react';
import { useState } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import type { NavEntry } from '../routing/nav';
import { BrandLink } from './BrandLink';
import type { Contrast } from './frameSettings';
import { NavList } from './NavList';
import { SettingsMenu } from './SettingsMenu';
import * as styles from './TopBar.css';

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
  // Open for the route it was opened on: any navigation closes it (spec §2), with no effect to sync.
  const [openOn, setOpenOn] = useState<string | null>(null);
  return (
    <>
      <Drawer
        title={t('nav.menuTitle')}
        closeLabel={t('nav.closeMenu')}
        side="start"
        width={285}
        open={openOn === location}
        onOpenChange={(open) => setOpenOn(open ? location : null)}
        trigger={
          <IconButton label={t('nav.openMenu')} variant="ghost" tone="neutral">
            <MenuIcon size={20} aria-hidden="true" focusable="false" />
          </IconButton>
        }
      >
        {/* A click on the current page's entry closes the drawer too, though the path stays the same. */}
        <nav
          aria-label={t('nav.label')}
          className={styles.drawerNav}
          onClickCapture={(event) => {
            if (event.target instanceof Element && event.target.closest('a[href]')) setOpenOn(null);
          }}
        >
          <NavList entries={entries} location={location} />
        </nav>
      </Drawer>
      <div className={styles.brand}>
        <BrandLink />
      </div>
      <SettingsMenu contrast={contrast} onContrastChange={onContrastChange} placement="bottom-end" />
    </>
  );
}
