import { createPortalFixtures } from '@client-portal/api-client/mocks';
import type { PortalDocument } from '@client-portal/api-client';
import { ThemeRoot } from '@client-portal/ui';
import { type ReactNode, useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { SessionGuard } from '../../auth/SessionGuard.js';
import { DEFAULT_HOME_LIFECYCLE_STAGE } from '../../config.js';
import { PortalDataProvider } from '../../data/PortalData.js';
import { ErrorBoundary } from '../../embedding/ErrorBoundary.js';
import { Frame } from '../../frame/Frame.js';
import { Screen } from '../../frame/storySupport.js';
import * as portalStyles from '../../portal.css.js';
import { PortalRouter } from '../../routing/PortalRouter.js';
import { PortalProviders } from '../../stories-support/PortalProviders.js';
import AccountPage from './AccountPage.js';

export const ACCOUNT_PATH = '/my-info/account';

export interface AccountStoryArgs {
  /** Where the portal starts, query included. */
  initialPath: string;
  locale?: string;
  colorScheme?: 'light' | 'dark';
  /** A screen of this width (px): the frame and page answer container queries. */
  width?: number;
  onNavigate?: (path: string) => void;
  onError?: (error: unknown, where: string) => void;
}

/** Tells the story's spy each address the portal shows (what <ClientPortal> reports as `onNavigate`). */
function AddressReporter({ onNavigate }: { onNavigate?: ((path: string) => void) | undefined }) {
  const [location] = useLocation();
  const search = useSearch();
  const path = search ? `${location}?${search}` : location;
  useEffect(() => onNavigate?.(path), [path, onNavigate]);
  return null;
}

/**
 * The Account page inside the real frame, data providers and memory routing: what <ClientPortal>
 * renders at the page's address, with the page itself in place of the route table (which the page
 * joins separately), so these stories do not depend on that wiring.
 */
export function AccountPortal({
  initialPath,
  locale = 'en',
  colorScheme = 'light',
  width,
  onNavigate,
  onError,
}: AccountStoryArgs) {
  const portal: ReactNode = (
    <ThemeRoot ownsContent locale={locale} mode={colorScheme} className={portalStyles.portal}>
      <PortalProviders
        locale={locale}
        storageKeyPrefix="account-story"
        onNavigate={onNavigate}
        onError={onError}
      >
        <PortalDataProvider homeLifecycleStage={DEFAULT_HOME_LIFECYCLE_STAGE}>
          <PortalRouter routing={{ mode: 'memory', initialPath }} pending={null}>
            <AddressReporter onNavigate={onNavigate} />
            <SessionGuard>
              <Frame>
                <ErrorBoundary where="page:account">
                  <AccountPage />
                </ErrorBoundary>
              </Frame>
            </SessionGuard>
          </PortalRouter>
        </PortalDataProvider>
      </PortalProviders>
    </ThemeRoot>
  );
  return width ? <Screen width={width}>{portal}</Screen> : portal;
}

export const fixtures = createPortalFixtures();

const LONG_NAMES = [
  'Statement of Work – Routing Core Premium Team – amendment no. 3, countersigned copy with annexes A to F (final).pdf',
  'Quarterly_Delivery_Report_Q4_2025_Northwind_Logistics_Routing_Core_and_Portal_Delivery_FINAL_v12.pdf',
];

/** Many documents (more than a page), some with very long names, and a long company name. */
export function manyDocumentsFixtures(count = 60) {
  const base = fixtures.documents.documents;
  const now = fixtures.now.getTime();
  const documents: PortalDocument[] = Array.from({ length: count }, (_, i) => {
    const source = base[i % base.length] as PortalDocument;
    return {
      ...source,
      id: `file_${String(1000 + i)}`,
      name: i % 7 === 0 ? (LONG_NAMES[(i / 7) % LONG_NAMES.length] as string) : source.name,
      createdAt: new Date(now - i * 86_400_000 * 3).toISOString(),
    };
  });
  const { profile } = fixtures.profile;
  return {
    ...fixtures,
    documents: { documents },
    profile: {
      profile: {
        ...profile,
        company: {
          ...profile.company,
          name: 'Internationale Logistik- und Speditionsgesellschaft Nordwind mbH & Co. KG',
          domain: 'www.internationale-logistik-und-speditionsgesellschaft-nordwind.example',
        },
      },
    },
  };
}

/**
 * Catches the link a download clicks (so the story's page stays put) and keeps its address.
 * Returns the addresses so far and a function that stops catching.
 */
export function catchDownloads(root: HTMLElement) {
  const hrefs: string[] = [];
  const onClick = (event: MouseEvent) => {
    const link = event.target instanceof HTMLAnchorElement ? event.target : null;
    if (!link?.hasAttribute('download')) return;
    event.preventDefault();
    hrefs.push(link.href);
  };
  root.addEventListener('click', onClick, true);
  return { hrefs, stop: () => root.removeEventListener('click', onClick, true) };
}
