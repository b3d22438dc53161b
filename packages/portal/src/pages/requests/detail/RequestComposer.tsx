import type { RequestActionName, RequestDetail, RequestMeta } from '@client-portal/api-client/requests';
import { Button, Card, Dialog, DialogClose, Icon } from '@client-portal/ui';
import { Send } from 'lucide-react';
import { type RefObject, useId, useState } from 'react';
import { Link as RouterLink } from 'wouter';
import { useI18n } from '../../../i18n/I18nProvider.js';
import { useHoursSentence } from './RequestBody.js';
import { dayText } from './formatting.js';
import { linkedRequestHref, reopenWindow } from './requestFacts.js';
import { useRequestAction, useRequestComment } from './useRequestDetail.js';
import * as styles from './RequestDetailPage.css.js';

/** The order actions are offered in; the first of a customer's is the main one. */
const ORDER: readonly RequestActionName[] = [
  'approve',
  'answer',
  'confirm',
  'reopen',
  'triage',
  'start',
  'ask_approval',
  'wait_on_customer',
  'resolve',
  'close',
  'cancel',
];

/** Actions that ask "are you sure?" first. */
const CONFIRMED: ReadonlySet<RequestActionName> = new Set(['approve', 'cancel']);

export interface Draft {
  text: string;
  internal: boolean;
}

/**
 * The comment box (public; staff can make it an internal note) and the action bar with exactly the
 * actions the host offers: "answer" sends the typed text as the answer (and asks for it when the box
 * is empty), "reopen" takes it as the reason; approve and cancel are confirmed in a dialog that says
 * what is approved. Every action carries the request's version. The typed text lives in the page
 * (`draft`), so a reload after a 412 keeps it.
 */
export function RequestComposer({
  request,
  meta,
  draft,
  onDraft,
  box,
  onFailure,
}: {
  request: RequestDetail;
  meta: RequestMeta | undefined;
  draft: Draft;
  onDraft: (draft: Draft) => void;
  box: RefObject<HTMLTextAreaElement | null>;
  onFailure: (error: unknown, where: string) => void;
}) {
  const { t, locale } = useI18n();
  const id = useId();
  const act = useRequestAction(request.key);
  const comment = useRequestComment(request.key);
  const [missing, setMissing] = useState(false);
  const [confirming, setConfirming] = useState<RequestActionName | null>(null);
  const hours = useHoursSentence(request.hours);
  const actions = ORDER.filter((a) => request.actions.includes(a));
  const reopen = reopenWindow(request);
  const text = draft.text.trim();
  const busy = act.isPending || comment.isPending;
  const staffNote = request.can.internalNote && draft.internal;

  const run = (action: RequestActionName) => {
    const takesText = action === 'answer' || action === 'reopen';
    if (action === 'answer' && (text === '' || staffNote)) {
      setMissing(true);
      box.current?.focus();
      return;
    }
    act.mutate(
      { version: request.version, action, comment: takesText && !staffNote ? text : undefined },
      {
        onSuccess: () => {
          setConfirming(null);
          if (takesText && !staffNote) onDraft({ text: '', internal: draft.internal });
        },
        onError: (error) => {
          setConfirming(null);
          onFailure(error, `action-${action}`);
        },
      },
    );
  };

  const send = () => {
    if (text === '') {
      setMissing(true);
      box.current?.focus();
      return;
    }
    comment.mutate(
      { body: text, internal: staffNote },
      {
        onSuccess: () => onDraft({ text: '', internal: draft.internal }),
        onError: (error) => onFailure(error, 'comment'),
      },
    );
  };

  const press = (action: RequestActionName) => {
    setMissing(false);
    if (CONFIRMED.has(action)) setConfirming(action);
    else run(action);
  };

  return (
    <Card title={t('requestPage.reply.title')} headingLevel={2}>
      <div className={styles.composer}>
        {request.can.comment ? (
          <>
            <label className={styles.label} htmlFor={`${id}-text`}>
              {staffNote ? t('requestPage.reply.noteLabel') : t('requestPage.reply.label')}
            </label>
            <textarea
              ref={box}
              id={`${id}-text`}
              className={styles.textarea}
              value={draft.text}
              maxLength={20_000}
              dir="auto"
              aria-invalid={missing || undefined}
              aria-describedby={missing ? `${id}-missing` : `${id}-hint`}
              onChange={(event) => {
                setMissing(false);
                onDraft({ text: event.target.value, internal: draft.internal });
              }}
            />
            {missing ? (
              <p id={`${id}-missing`} className={styles.error}>
                {request.actions.includes('answer') && !staffNote
                  ? t('requestPage.reply.answerMissing')
                  : t('requestPage.reply.missing')}
              </p>
            ) : (
              <p id={`${id}-hint`} className={styles.hint}>
                {staffNote ? t('requestPage.reply.noteHint') : t('requestPage.reply.hint')}
              </p>
            )}
            <div className={styles.spread}>
              {request.can.internalNote ? (
                <label className={styles.toggle}>
                  <input
                    type="checkbox"
                    className={styles.checkbox}
                    checked={draft.internal}
                    onChange={(event) => onDraft({ text: draft.text, internal: event.target.checked })}
                  />
                  {t('requestPage.reply.internal')}
                </label>
              ) : (
                <span />
              )}
              <Button
                variant={actions.includes('answer') ? 'outline' : 'solid'}
                iconStart={<Icon icon={Send} size="sm" />}
                loading={comment.isPending}
                disabled={busy && !comment.isPending}
                onClick={send}
              >
                {staffNote ? t('requestPage.reply.sendNote') : t('requestPage.reply.send')}
              </Button>
            </div>
          </>
        ) : (
          <p className={styles.hint}>{t('requestPage.reply.closed')}</p>
        )}
        {reopen?.state === 'open' && reopen.until ? (
          <p className={styles.hint}>
            {t('requestPage.reopen.within', { date: dayText(reopen.until, locale) })}
          </p>
        ) : null}
        {reopen?.state === 'passed' || reopen?.state === 'closed' ? (
          <p className={styles.callout}>
            {reopen.state === 'passed' && reopen.until
              ? t('requestPage.reopen.passed', { date: dayText(reopen.until, locale) })
              : t('requestPage.reopen.closed')}{' '}
            <RouterLink href={linkedRequestHref(request, meta?.types ?? [])}>
              {t('requestPage.reopen.linked')}
            </RouterLink>
          </p>
        ) : null}
        {actions.length > 0 ? (
          <div className={styles.actions}>
            {actions.map((action, i) => (
              <Button
                key={action}
                variant={i === 0 ? 'solid' : 'outline'}
                tone={action === 'cancel' ? 'danger' : 'accent'}
                loading={act.isPending && act.variables?.action === action}
                disabled={busy && act.variables?.action !== action}
                onClick={() => press(action)}
              >
                {t(`requestPage.action.${action}`)}
              </Button>
            ))}
          </div>
        ) : null}
      </div>
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !act.isPending) setConfirming(null);
        }}
        role="alertdialog"
        size="sm"
        closeLabel={t('requestPage.dialog.close')}
        title={
          confirming === 'cancel' ? t('requestPage.confirmCancel.title') : t('requestPage.approve.title')
        }
        description={
          confirming === 'cancel'
            ? t('requestPage.confirmCancel.body', { key: request.key })
            : hours
              ? t('requestPage.approve.hours', { change: hours })
              : t('requestPage.approve.plain', { title: request.title })
        }
        footer={
          <>
            <DialogClose>
              <Button variant="outline" tone="neutral" disabled={act.isPending}>
                {t('requestPage.dialog.back')}
              </Button>
            </DialogClose>
            <Button
              tone={confirming === 'cancel' ? 'danger' : 'accent'}
              loading={act.isPending}
              onClick={() => confirming && run(confirming)}
            >
              {confirming === 'cancel'
                ? t('requestPage.confirmCancel.confirm')
                : t('requestPage.approve.confirm')}
            </Button>
          </>
        }
      />
    </Card>
  );
}
