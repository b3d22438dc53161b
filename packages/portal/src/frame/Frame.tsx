import { type MouseEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { useLocation } from 'wouter';
import { useHomeGate } from '../data/PortalData.js';
import { ErrorBoundary } from '../embedding/ErrorBoundary.js';
import { useI18n } from '../i18n/I18nProvider.js';
import { usePortal } from '../PortalContext.js';
import { visibleEntries } from '../routing/nav.js';
import { BookingButton } from './BookingButton.js';
import { usePreloadOverlays } from './deferred.js';
import { Footer } from './Footer.js';
import * as footerStyles from './Footer.css.js';
import * as styles from './Frame.css.js';
import { useContrast, useMiniNavigation } from './frameSettings.js';
import { SideNav } from './SideNav.js';
import { TopBar } from './TopBar.js';
import { useTabletWidth } from './useTabletWidth.js';
import * as topBarStyles from './TopBar.css.js';

/**
 * A new page starts at its top, as after a page load: when the path changes (not its query — a
 * picker, tab or filter keeps the reader's place) and the frame's top has scrolled away above the
 * window, the frame scrolls back into view. An embedded portal whose top is on screen stays put.
 */
function useScrollToTopOnNavigate(location: string, rootRef: RefObject<HTMLElement | null>) {
  const previous = useRef(location);
  useEffect(() => {
    if (previous.current === location) return;
    previous.current = location;
    const root = rootRef.current;
    if (root && root.getBoundingClientRect().top < 0) root.scrollIntoView({ block: 'start' });
  }, [location, rootRef]);
}

/**
 * The portal frame: side navigation on large screens, a top bar with a drawer on small
 * ones, the page in the one <main>, the footer and the booking button. Each part has its own error
 * boundary, so a failing part shows its error and the rest of the portal keeps working.
 */
export function Frame({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const { storageKeyPrefix, landmarks, label } = usePortal();
  const region = landmarks === 'region';
  // In region mode the frame is one named region: its header and footer are then not the page's
  // banner and contentinfo, and the page content is no second main (see ClientPortalOptions).
  const Root = region ? 'section' : 'div';
  const Main = region ? 'div' : 'main';
  const [location] = useLocation();
  const entries = visibleEntries(useHomeGate());
  const [mini, setMini] = useMiniNavigation(storageKeyPrefix);
  const [contrast, setContrast] = useContrast(storageKeyPrefix);
  const mainId = useId();
  const mainRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null); // a <section> in region mode: only its size is read
  // Tablets always get the mini rail; the user's setting applies from 1024px on.
  const tablet = useTabletWidth(rootRef);
  usePreloadOverlays();
  useScrollToTopOnNavigate(location, rootRef);

  // Moves focus (not only the scroll position) to the page, and leaves the host's URL hash alone.
  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    mainRef.current?.focus();
    mainRef.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <Root
      ref={rootRef}
      className={styles.frame}
      data-mini={mini || tablet || undefined}
      data-contrast={contrast}
      aria-label={region ? (label ?? t('portal.label')) : undefined}
    >
      <a className={styles.skipLink} href={`#${mainId}`} onClick={skipToMain}>
        {t('frame.skipToContent')}
      </a>
      <header className={topBarStyles.bar}>
        <ErrorBoundary where="frame:top-bar" compact>
          <TopBar entries={entries} location={location} contrast={contrast} onContrastChange={setContrast} />
        </ErrorBoundary>
      </header>
      <div className={styles.rail}>
        <ErrorBoundary where="frame:navigation" compact>
          <SideNav
            entries={entries}
            location={location}
            mini={mini || tablet}
            fixedMini={tablet}
            onMiniChange={setMini}
            contrast={contrast}
            onContrastChange={setContrast}
          />
        </ErrorBoundary>
      </div>
      <div className={styles.content}>
        <Main id={mainId} ref={mainRef} tabIndex={-1} className={styles.main}>
          <div className={styles.page}>{children}</div>
          <ErrorBoundary where="frame:book-meeting" compact>
            <BookingButton />
          </ErrorBoundary>
        </Main>
        <footer className={footerStyles.footer}>
          <ErrorBoundary where="frame:footer" compact>
            <Footer />
          </ErrorBoundary>
        </footer>
      </div>
    </Root>
  );
}
