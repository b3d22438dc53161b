import { Spinner } from '@client-portal/ui';
import { lazy, type ReactNode, Suspense } from 'react';
import { useSession } from '../data/PortalData.js';
import { useI18n } from '../i18n/I18nProvider.js';

const StaffScope = lazy(() => import('./StaffScope.js'));

/**
 * Between the frame and the pages. Customers get the pages as they are. Provider staff get the
 * company picker until they choose a company (so no page asks a company-scoped route, which the
 * host would answer 403), then exactly the pages that company's users see, under the "acting for"
 * bar with "Switch company" and "Stop acting" (see StaffScope, loaded only for staff).
 */
export function StaffGate({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const session = useSession();
  const user = session.data;
  if (user?.role !== 'staff') return <>{children}</>;
  return (
    <Suspense fallback={<Spinner size="lg" label={t('state.loading')} />}>
      <StaffScope companyId={user.companyId ?? null}>{children}</StaffScope>
    </Suspense>
  );
}
