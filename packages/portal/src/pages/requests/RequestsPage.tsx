import { createPortalToaster, Skeleton, Toaster, visuallyHidden } from '@client-portal/ui';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import { requestLabels } from '../../i18n/en/requestLabels.js';
import { addEnglish } from '../../i18n/english.js';
import { useI18n } from '../../i18n/I18nProvider.js';
import { NotFoundPage } from '../Page.js';
import RequestListView from './list/RequestListView.js';
import { requestsViewOf } from './requestsAddress.js';
import { RequestsToasterContext } from './useRequestsApi.js';

addEnglish(requestLabels);

// The form and the request page are chunks of their own. They share with this chunk (the list) only
// the data layer, which the dashboard's, projects' and talent's request links load too and so is a
// chunk apart: this chunk then exports nothing to them, which would cost the portal's first view a
// bundler helper (a namespace for the dynamic import of a chunk with other exports).
const NewRequestView = lazy(() => import('./new/NewRequestView.js'));
const RequestDetailPage = lazy(() => import('./detail/RequestDetailPage.js'));

/** While a view's chunk loads: a placeholder, busy, with a status for assistive technology. */
function ViewLoading() {
  const { t } = useI18n();
  return (
    <div aria-busy="true">
      <span role="status" className={visuallyHidden}>
        {t('state.loading')}
      </span>
      <Skeleton height="240px" />
    </div>
  );
}

/**
 * Requests: `/requests` lists them (mine or the company's, filtered and searched, all in the
 * address), `/requests/new` files one and `/requests/<KEY>` shows one. The route is
 * `/requests/*?`; the address below it picks the view.
 */
export default function RequestsPage() {
  const { t } = useI18n();
  const [location] = useLocation();
  // One toaster per section instance: two portals on one page keep their notices apart.
  const [toaster] = useState(() => createPortalToaster({ placement: 'top-end' }));
  const view = requestsViewOf(location);
  let content: ReactNode;
  switch (view.kind) {
    case 'new':
      content = <NewRequestView />;
      break;
    case 'detail':
      // Keyed by key: another request starts from its own loading state.
      content = <RequestDetailPage key={view.key} requestKey={view.key} />;
      break;
    case 'notFound':
      content = <NotFoundPage />;
      break;
    default:
      content = <RequestListView />;
  }
  return (
    <RequestsToasterContext.Provider value={toaster}>
      <Suspense fallback={<ViewLoading />}>{content}</Suspense>
      <Toaster toaster={toaster} closeLabel={t('requests.toast.close')} label={t('requests.toast.region')} />
    </RequestsToasterContext.Provider>
  );
}
