import { createPortalToaster, Toaster } from '@client-portal/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, type ReactNode, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useLocation } from 'wouter';
import { usePortalData, useProfile } from '../data/PortalData.js';
import { ErrorBoundary } from '../embedding/ErrorBoundary.js';
import { useI18n } from '../i18n/I18nProvider.js';
import { usePortal } from '../PortalContext.js';
import { ActingBar } from './ActingBar.js';
import { CompanyPicker } from './CompanyPicker.js';
import type { StaffCompany } from './companySearch.js';
import { followSessionCompany } from './companySwitch.js';
import { StaffQueue } from './queue/StaffQueue.js';
import { StaffStart } from './queue/StaffStart.js';
import * as styles from './StaffScope.css.js';
import { useActAs } from './useActAs.js';
import { staff } from '../i18n/en/staff.js';
import { addEnglish } from '../i18n/english.js';

addEnglish(staff);

type FocusTarget = 'bar' | 'search' | null;

/**
 * Provider staff's part of the portal (its own chunk: customers never download it): the company
 * picker until a company is chosen, then the pages under the "acting for" bar.
 */
export default function StaffScope({
  companyId,
  children,
}: {
  companyId: string | null;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const { onError } = usePortal();
  const { queries } = usePortalData();
  const queryClient = useQueryClient();
  // Another tab of this browser shares the session and may switch company: look again whenever
  // staff come back to this one, and drop the previous company's answers if it did.
  const session = useQuery({ ...queries.session(), refetchOnWindowFocus: 'always' });
  const followed = useRef(companyId);
  useEffect(() => followSessionCompany(queryClient, followed.current), [queryClient]);
  const companies = useQuery(queries.staffCompanies(session));
  const profile = useProfile();
  const actAs = useActAs();
  // One toaster per portal instance: two portals on one page keep their notices apart.
  const [toaster] = useState(() => createPortalToaster({ placement: 'top-end' }));
  const [choosing, setChoosing] = useState(false);
  const [, navigate] = useLocation();
  // The queue's request being opened: its company is acted for first, then the request shown.
  const [openingKey, setOpeningKey] = useState<string | null>(null);
  const bar = useRef<HTMLElement>(null);
  const search = useRef<HTMLInputElement>(null);
  // Where focus goes once the screen has changed (a company opened, the picker shown). Applied after
  // the render that shows the target: the session's new company reaches React a tick after the
  // mutation's callbacks, so the bar may appear a render later than the request settled.
  const pendingFocus = useRef<FocusTarget>(null);
  const focusAfterRender = (target: FocusTarget) => {
    pendingFocus.current = target;
  };
  useEffect(() => {
    const target =
      pendingFocus.current === 'bar'
        ? bar.current
        : pendingFocus.current === 'search'
          ? search.current
          : null;
    if (!target) return;
    pendingFocus.current = null;
    target.focus();
  });

  const nameOf = (id: string) =>
    companies.data?.companies.find((c) => c.id === id)?.name ?? profile.data?.profile.company.name ?? id;
  const current: StaffCompany | null = companyId ? { id: companyId, name: nameOf(companyId) } : null;
  // The company staff asked to act for (null: none, they stopped), from the moment they ask until
  // the session says so; undefined when nothing is on its way. Meanwhile no company's pages are on
  // the screen: the host may already act for the new one while `companyId` (the session as React
  // last saw it) still names the old one, and the old one's pages, mounting again for that moment,
  // would ask the host about a company it no longer acts for (403s after "Stop acting").
  const [awaiting, setAwaiting] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (awaiting !== undefined && awaiting === companyId) setAwaiting(undefined);
  }, [awaiting, companyId]);
  const changing = awaiting !== undefined && awaiting !== companyId;
  const stopping = changing && awaiting === null;
  const pendingId = actAs.isPending ? (actAs.variables ?? null) : null;

  const failed = (error: unknown, title: string) => {
    onError?.(error, 'mutation:act-as');
    toaster.error({ title, description: t('staff.toast.failedBody'), closable: true });
  };

  const choose = (company: StaffCompany, then?: () => void) => {
    if (company.id === companyId && !changing) {
      setChoosing(false);
      focusAfterRender('bar');
      then?.();
      return;
    }
    // Committed at once, before the host is asked: the pages leave the screen first, so none that
    // mounts late (a panel whose code arrives) asks about the company being left.
    flushSync(() => setAwaiting(company.id));
    actAs.mutate(company.id, {
      onError: (error) => {
        setAwaiting(undefined);
        failed(error, t('staff.toast.chooseFailed', { company: company.name }));
      },
      onSuccess: (result) => {
        setChoosing(false);
        focusAfterRender('bar');
        then?.();
        toaster.success({ title: t('staff.toast.acting', { company: result.companyName ?? company.name }) });
      },
    });
  };

  const stop = () => {
    if (!current) return;
    flushSync(() => setAwaiting(null));
    actAs.mutate(null, {
      onError: (error) => {
        setAwaiting(undefined);
        failed(error, t('staff.toast.stopFailed', { company: current.name }));
      },
      onSuccess: () => {
        setChoosing(false);
        focusAfterRender('search');
        toaster.info({ title: t('staff.toast.stopped', { company: current.name }) });
      },
    });
  };

  const picking = current === null || choosing || changing;
  return (
    <div className={styles.scope}>
      {current ? (
        <ActingBar
          ref={bar}
          company={current.name}
          switching={choosing}
          stopping={stopping}
          onSwitch={() => {
            setChoosing(true);
            focusAfterRender('search');
          }}
          onStop={stop}
        />
      ) : null}
      {picking ? (
        <ErrorBoundary where="staff:company-picker">
          {current === null && !stopping ? (
            <StaffStart
              picker={
                <CompanyPicker
                  companies={companies}
                  current={null}
                  pendingId={openingKey && actAs.isPending ? null : pendingId}
                  searchRef={search}
                  onChoose={(company) => choose(company)}
                />
              }
              queue={
                <StaffQueue
                  companies={companies}
                  pendingKey={actAs.isPending ? openingKey : null}
                  onOpen={(company, key) => {
                    setOpeningKey(key);
                    choose(company, () => navigate(`/requests/${encodeURIComponent(key)}`));
                  }}
                />
              }
            />
          ) : (
            <CompanyPicker
              companies={companies}
              current={current}
              pendingId={pendingId}
              searchRef={search}
              onChoose={(company) => choose(company)}
              onCancel={
                current && !stopping
                  ? () => {
                      setChoosing(false);
                      focusAfterRender('bar');
                    }
                  : undefined
              }
            />
          )}
        </ErrorBoundary>
      ) : (
        // Keyed by company: every part of the pages mounts afresh for a new company.
        <Fragment key={companyId}>{children}</Fragment>
      )}
      <Toaster toaster={toaster} closeLabel={t('staff.toast.close')} label={t('staff.toast.region')} />
    </div>
  );
}
