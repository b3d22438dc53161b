import { useState } from 'react';
import { Link } from 'wouter';
import { useHomeGate } from '../data/PortalData.js';
import { useI18n } from '../i18n/I18nProvider.js';
import { usePortal } from '../PortalContext.js';
import * as styles from './BrandLink.css.js';

/**
 * The portal's own mark, for a provider that has not given its logo: a window with a side panel
 * (a portal), drawn rather than typed — an image, not a letter.
 */
function DefaultMark() {
  return (
    <svg className={styles.mark} viewBox="0 0 36 36" aria-hidden="true" focusable="false">
      <rect width="36" height="36" rx="8" fill="currentColor" />
      <g className={styles.markLetter} fill="none" strokeWidth="2.5" strokeLinejoin="round">
        <rect x="8.5" y="9.5" width="19" height="17" rx="3" />
        <path d="M15 9.5v17M19 15h5M19 20h3" strokeLinecap="round" />
      </g>
    </svg>
  );
}

/** The logo: the provider's mark (or the portal's) and the provider's name, linking to the first page (Home when shown). */
export function BrandLink() {
  const { t } = useI18n();
  const { brandLogo } = usePortal();
  const [failed, setFailed] = useState<string | null>(null);
  const home = useHomeGate();
  return (
    // Named by its visible text, the provider's name, so that speech input can use what it shows.
    <Link href={home ? '/home' : '/dashboard'} className={styles.link}>
      {brandLogo && brandLogo !== failed ? (
        // Decorative: the name beside it is the link's text (and, collapsed, its hidden text).
        <img
          className={styles.mark}
          src={brandLogo}
          alt=""
          width={36}
          height={36}
          onError={() => setFailed(brandLogo)}
        />
      ) : (
        <DefaultMark />
      )}
      <span className={styles.wordmark}>{t('frame.provider')}</span>
    </Link>
  );
}
