import { ErrorState, Icon } from '@client-portal/ui';
import { WifiOff } from 'lucide-react';
import { isOffline } from '../data/PortalData.js';
import { useI18n } from '../i18n/I18nProvider.js';

/** A page's failed load with "Try again"; offline gets its own words. */
export function LoadError({
  title,
  message,
  error,
  onRetry,
  retrying,
}: {
  title: string;
  message: string;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useI18n();
  const offline = isOffline(error);
  return (
    <ErrorState
      headingLevel={2}
      title={offline ? t('state.offline.title') : title}
      message={offline ? t('state.offline.body') : message}
      {...(offline ? { icon: <Icon icon={WifiOff} size="lg" /> } : {})}
      onRetry={onRetry}
      retrying={retrying}
      labels={{ retry: t('state.retry') }}
    />
  );
}
