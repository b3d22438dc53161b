import { Icon, IconButton, visuallyHidden } from '@client-portal/ui';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { type FocusEvent, useEffect, useId, useRef, useState } from 'react';
import { useProfile } from '../data/PortalData.js';
import { useI18n } from '../i18n/I18nProvider.js';
import { useLandmarkName } from '../PortalContext.js';
import type { NavEntry } from '../routing/nav.js';
import { BrandLink } from './BrandLink.js';
import type { Contrast } from './frameSettings.js';
import { NavList } from './NavList.js';
import { collapsed as collapsedStyle } from './NavList.css.js';
import { DeferredSettingsMenu, DeferredTooltip } from './deferred.js';
import * as styles from './SideNav.css.js';

/**
 * The large-screen navigation: logo, entries, the profile pinned to the bottom, and the
 * mini-mode switch. In mini mode it expands while hovered (once the pointer has rested on it for
 * HOVER_INTENT_MS, so crossing it on the way elsewhere does not fling it open), while keyboard focus
 * is inside it and while its settings menu is open; otherwise it shows icons, whose names appear
 * as tooltips, and the provider's mark.
 */
/**
 * Whose portal this is: the customer's company name under the provider's logo (its logo is the
 * profile entry's). Nothing while the profile loads or when it failed; visually hidden when collapsed.
 */
function CompanyName() {
  const { t } = useI18n();
  const profile = useProfile();
  const name = profile.data?.profile.company.name.trim();
  if (!name) return null;
  return (
    <p className={styles.company}>
      <span className={visuallyHidden}>{t('frame.company')} </span>
      {name}
    </p>
  );
}

/** How long the pointer rests on a collapsed mini navigation before it expands. */
export const HOVER_INTENT_MS = 350;

export function SideNav({
  entries,
  location,
  mini,
  fixedMini = false,
  onMiniChange,
  contrast,
  onContrastChange,
}: {
  entries: readonly NavEntry[];
  location: string;
  mini: boolean;
  /** Mini whatever the setting (tablets): the switch is not offered. */
  fixedMini?: boolean;
  onMiniChange: (mini: boolean) => void;
  contrast: Contrast;
  onContrastChange: (contrast: Contrast) => void;
}) {
  const { t } = useI18n();
  const navName = useLandmarkName('nav.label');
  const id = useId();
  const [hovered, setHovered] = useState(false);
  const [keyboardFocus, setKeyboardFocus] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  // Focus that follows a click is the mouse's: it must not hold the panel open once the pointer leaves.
  const pointerDown = useRef(false);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(hoverTimer.current), []);
  const collapsed = mini && !hovered && !keyboardFocus && !menuOpen;
  const toggleLabel = mini ? t('nav.expand') : t('nav.collapse');

  const onFocus = () => {
    if (!pointerDown.current) setKeyboardFocus(true);
    pointerDown.current = false;
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setKeyboardFocus(false);
  };

  return (
    <nav
      id={id}
      aria-label={navName}
      className={[styles.panel, collapsed ? collapsedStyle : undefined].filter(Boolean).join(' ')}
      data-mini={mini || undefined}
      data-hovered={hovered || undefined}
      onPointerEnter={(event) => {
        if (event.pointerType === 'touch') return;
        clearTimeout(hoverTimer.current);
        hoverTimer.current = setTimeout(() => setHovered(true), HOVER_INTENT_MS);
      }}
      onPointerLeave={() => {
        clearTimeout(hoverTimer.current);
        setHovered(false);
      }}
      onPointerDown={() => {
        pointerDown.current = true;
      }}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div className={styles.header}>
        <BrandLink />
        {fixedMini ? null : (
          <DeferredTooltip content={toggleLabel} placement="bottom">
            <IconButton
              label={toggleLabel}
              aria-expanded={!mini}
              aria-controls={id}
              variant="ghost"
              tone="neutral"
              flipInRtl
              onClick={() => onMiniChange(!mini)}
            >
              {mini ? <Icon icon={PanelLeftOpen} size="md" /> : <Icon icon={PanelLeftClose} size="md" />}
            </IconButton>
          </DeferredTooltip>
        )}
      </div>
      <CompanyName />
      <div className={styles.entries}>
        <NavList
          entries={entries}
          location={location}
          collapsed={collapsed}
          aside={
            <DeferredSettingsMenu
              contrast={contrast}
              onContrastChange={onContrastChange}
              placement="top-end"
              onOpenChange={setMenuOpen}
            />
          }
        />
      </div>
    </nav>
  );
}
