import { Icon, visuallyHidden } from '@client-portal/ui';
import { MessageCircle } from 'lucide-react';
import { useAccountManager } from '../data/PortalData.js';
import { useI18n } from '../i18n/I18nProvider.js';
import * as styles from './BookingButton.css.js';
import { DeferredTooltip } from './deferred.js';

/**
 * The floating chat button that opens the account manager's booking page in a new tab.
 * Not shown while the account manager loads, or when there is none or no booking page.
 */
export function BookingButton() {
  const { t } = useI18n();
  const bookingUrl = useAccountManager().data?.accountManager?.bookingUrl;
  if (!bookingUrl) return null;
  return (
    <div className={styles.slot}>
      <DeferredTooltip content={t('frame.bookMeeting')} placement="top-end">
        <a className={styles.button} href={bookingUrl} target="_blank" rel="noopener noreferrer">
          <Icon icon={MessageCircle} size="lg" className={styles.icon} />
          <span className={visuallyHidden}>
            {t('frame.bookMeeting')} {t('frame.newTab')}
          </span>
        </a>
      </DeferredTooltip>
    </div>
  );
}
