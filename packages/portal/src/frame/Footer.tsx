import { Link } from '@client-portal/ui';
import { useI18n } from '../i18n/I18nProvider.js';
import type { MessageKey } from '../i18n/messages.en.js';
import type { PortalLinks } from '../config.js';
import { useLandmarkName, usePortal } from '../PortalContext.js';
import * as styles from './Footer.css.js';

const LINKS: readonly { key: keyof PortalLinks; label: MessageKey }[] = [
  { key: 'privacyPolicy', label: 'frame.privacyPolicy' },
  { key: 'website', label: 'frame.website' },
  { key: 'contact', label: 'frame.contactUs' },
];

/**
 * The copyright line with the current year and the provider's links, each opening in a
 * new tab (and saying so to screen readers). Rendered inside the frame's <footer>.
 */
export function Footer() {
  const { t } = useI18n();
  const navName = useLandmarkName('frame.footerLinks');
  const { links } = usePortal();
  return (
    <>
      <p className={styles.copyright}>
        {t('frame.copyright', { year: new Date().getFullYear(), provider: t('frame.provider') })}
      </p>
      <nav aria-label={navName}>
        <ul className={styles.links}>
          {LINKS.map(({ key, label }) => (
            <li key={key}>
              <Link
                href={links[key]}
                variant="standalone"
                external
                target="_blank"
                rel="noopener noreferrer"
                newTabLabel={t('frame.newTab')}
              >
                {t(label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
