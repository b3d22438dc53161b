import type { Migration } from 'kysely';
import * as initial from './0001-initial.js';
import * as kbWordCount from './0002-kb-word-count.js';
import * as kbSearchDocument from './0003-kb-search-document.js';
import * as deliveryDays from './0004-delivery-days.js';
import * as aiUsageBreakdowns from './0005-ai-usage-breakdowns.js';
import * as readVersions from './0006-read-versions.js';
import * as ingest from './0007-ingest.js';
import * as readVersionsScoped from './0008-read-versions-scoped.js';
import * as syncState from './0009-sync-state.js';
import * as hubspotSync from './0010-hubspot-sync.js';
import * as aiUsageSurfaces from './0011-ai-usage-surfaces.js';
import * as aiScopeLastSync from './0012-ai-scope-last-sync.js';
import * as requests from './0013-requests.js';
import * as requestAttachments from './0014-request-attachments.js';
import * as requestNotifications from './0015-request-notifications.js';
import * as requestsCompanyOrder from './0016-requests-company-order.js';
import * as tenantKeys from './0017-tenant-keys.js';
import * as mailOutbox from './0019-mail-outbox.js';
import * as sessionChanges from './0020-session-changes.js';
import * as requestPeopleKeys from './0021-request-people-keys.js';
import * as requestsQueueStatus from './0022-requests-queue-status.js';

/**
 * Every migration, by name, in the order they run. Names never change once released; a schema
 * change is a new entry. Listed in code (not read from a folder) so the built package needs no
 * file-system layout at run time.
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001-initial': initial,
  '0002-kb-word-count': kbWordCount,
  '0003-kb-search-document': kbSearchDocument,
  '0004-delivery-days': deliveryDays,
  '0005-ai-usage-breakdowns': aiUsageBreakdowns,
  '0006-read-versions': readVersions,
  '0007-ingest': ingest,
  '0008-read-versions-scoped': readVersionsScoped,
  '0009-sync-state': syncState,
  '0010-hubspot-sync': hubspotSync,
  '0011-ai-usage-surfaces': aiUsageSurfaces,
  '0012-ai-scope-last-sync': aiScopeLastSync,
  '0013-requests': requests,
  '0014-request-attachments': requestAttachments,
  '0015-request-notifications': requestNotifications,
  '0016-requests-company-order': requestsCompanyOrder,
  '0017-tenant-keys': tenantKeys,
  '0019-mail-outbox': mailOutbox,
  '0020-session-changes': sessionChanges,
  '0021-request-people-keys': requestPeopleKeys,
  '0022-requests-queue-status': requestsQueueStatus,
};
