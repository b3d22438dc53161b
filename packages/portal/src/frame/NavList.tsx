import { directionOf, Icon, Skeleton } from '@client-portal/ui';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { useProfile, useSession } from '../data/PortalData.js';
import { useI18n } from '../i18n/I18nProvider.js';
import { hrefOf, isActive, type NavEntry } from '../routing/nav.js';
import { DEFAULT_COMPANY_LOGO } from './defaultLogo.js';
import { DeferredTooltip } from './deferred.js';
import * as styles from './NavList.css.js';
import { NAV_ICONS } from './navIcons.js';

/**
 * A navigation entry: its icon and its name. While a mini navigation is collapsed only the icon
 * shows; the name stays the link's accessible name and appears as a tooltip on hover and focus.
 */
function EntryLink({
  entry,
  location,
  collapsed,
}: {
  entry: NavEntry;
  location: string;
  collapsed: boolean;
}) {
  const { t, locale } = useI18n();
  const label = t(entry.label);
  const glyph = entry.id === 'profile' ? null : NAV_ICONS[entry.id];
  const link = (
    <Link
      href={hrefOf(entry)}
      className={styles.link}
      aria-current={isActive(entry, location) ? 'page' : undefined}
    >
      {glyph ? <Icon icon={glyph} className={styles.icon} /> : null}
      <span className={styles.label}>{label}</span>
    </Link>
  );
  return (
    <DeferredTooltip
      content={label}
      placement={directionOf(locale) === 'rtl' ? 'left' : 'right'}
      openDelay={0}
      disabled={!collapsed}
    >
      {link}
    </DeferredTooltip>
  );
}

/**
 * The Profile entry: the company logo (default image as fallback) and, expanded, the signed-in user's name
 * instead of the word Profile. The name is the link's text in every state, so it is also its
 * accessible name; collapsed, it is only hidden visually.
 */
function ProfileLink({ entry, location }: { entry: NavEntry; location: string }) {
  const { t } = useI18n();
  const session = useSession();
  const profile = useProfile();
  const [failedLogo, setFailedLogo] = useState<string | null>(null);
  const name = session.data?.name?.trim() || profile.data?.profile.contact.name.trim() || t(entry.label);
  const companyLogo = profile.data?.profile.company.companyLogo ?? null;
  const logo = companyLogo && companyLogo !== failedLogo ? companyLogo : DEFAULT_COMPANY_LOGO;
  return (
    <Link
      href={hrefOf(entry)}
      className={[styles.link, styles.profileLink].join(' ')}
      aria-current={isActive(entry, location) ? 'page' : undefined}
    >
      {/* Loading, not merely pending: staff who have not chosen a company have no profile to wait for. */}
      {profile.isLoading ? (
        <Skeleton width={40} height={40} className={styles.logo} />
      ) : (
        <img
          className={styles.logo}
          src={logo}
          alt=""
          width={40}
          height={40}
          data-logo={logo === DEFAULT_COMPANY_LOGO ? 'default' : 'company'}
          onError={() => setFailedLogo(companyLogo)}
        />
      )}
      <span className={styles.profileName}>{name}</span>
    </Link>
  );
}

/**
 * The navigation entries (the side navigation's and the drawer's): every entry but the last in
 * order, the last pinned to the bottom with `aside` (the settings button) next to it.
 */
export function NavList({
  entries,
  location,
  aside,
  collapsed = false,
}: {
  entries: readonly NavEntry[];
  location: string;
  aside?: ReactNode;
  /** A mini navigation shown collapsed: icons only, names as tooltips. */
  collapsed?: boolean;
}) {
  const last = entries.at(-1);
  return (
    <ul className={styles.list}>
      {entries.slice(0, -1).map((entry) => (
        <li key={entry.id} className={styles.item}>
          <EntryLink entry={entry} location={location} collapsed={collapsed} />
        </li>
      ))}
      {last ? (
        <li className={styles.pinned}>
          {last.id === 'profile' ? (
            <ProfileLink entry={last} location={location} />
          ) : (
            <EntryLink entry={last} location={location} collapsed={collapsed} />
          )}
          {aside ? <span className={styles.aside}>{aside}</span> : null}
        </li>
      ) : null}
    </ul>
  );
}
