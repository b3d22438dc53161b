import { Link } from 'wouter';
import { useHomeGate } from '../data/PortalData.js';
import { useI18n } from '../i18n/I18nProvider.js';
import * as styles from './BrandLink.css.js';

/** The provider's mark, the letter S, drawn rather than typed: it is an image, not text. */
function Mark() {
  return (
    <svg className={styles.mark} viewBox="0 0 36 36" aria-hidden="true" focusable="false">
      <rect width="36" height="36" rx="8" fill="currentColor" />
      <path
        className={styles.markLetter}
        d="M23.5 12.6c-1.1-1.7-3-2.6-5.5-2.6-3.3 0-5.6 1.8-5.6 4.3 0 5.9 11.4 3.3 11.4 9.2 0 2.7-2.4 4.5-5.9 4.5-2.8 0-5-1.1-6.2-3"
        fill="none"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The logo: the mark and the provider's name, linking to the first page (Home when shown). */
export function BrandLink() {
  const { t } = useI18n();
  const home = useHomeGate();
  return (
    // Named by its visible text, the provider's name, so that speech input can use what it shows.
    <Link href={home ? '/home' : '/dashboard'} className={styles.link}>
      <Mark />
      <span className={styles.wordmark}>{t('frame.provider')}</span>
    </Link>
  );
}
