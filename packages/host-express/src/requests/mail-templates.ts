// The requests' e-mails as text and HTML, from what the notifier has already checked may be sent:
// nothing here reads the store, so nothing here can add an internal note or another company's data.
// One message per person and request, carrying every update pending for them (bundled).

export type NotificationKind =
  | 'created'
  | 'check_in'
  | 'comment'
  | 'waiting'
  | 'approval'
  | 'resolved'
  | 'auto_resolved'
  | 'reminder'
  | 'answered'
  | 'approved'
  | 'reopened'
  | 'assignee_reminder';

export interface MailItem {
  kind: NotificationKind;
  at: Date;
  /** Who did it, as the recipient may see them (a person's name, or the portal). */
  actor: string;
  /** A public comment's text, a check-in's or a new request's description. */
  body?: string;
  /** reminder: days waited; assignee_reminder: share of the time passed (50, 75). */
  figure?: number;
  /** assignee_reminder: the due date. */
  dueAt?: Date;
  /** auto_resolved: the note. */
  note?: string;
}

export interface MailInput {
  recipientName: string;
  request: { key: string; title: string };
  items: MailItem[];
  /** Opens the request in the portal. */
  link: string;
  /** The portal's name, as the provider brands it. */
  brand: string;
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

/** At most this much of one text (a long comment) goes into a message; the rest is in the portal. */
export const MAX_BODY_CHARS = 4_000;

const HEADLINES: Readonly<Record<NotificationKind, string>> = {
  created: 'New request',
  check_in: 'Check-in due',
  comment: 'New comment',
  waiting: 'Waiting for you',
  approval: 'Approval needed',
  resolved: 'Resolved',
  auto_resolved: 'Resolved automatically',
  reminder: 'Reminder: waiting for you',
  answered: 'Answered by the customer',
  approved: 'Approved',
  reopened: 'Reopened',
  assignee_reminder: 'Reminder: due date approaching',
};

const day = (at: Date) => at.toISOString().slice(0, 10);

function clip(text: string): string {
  return text.length > MAX_BODY_CHARS ? `${text.slice(0, MAX_BODY_CHARS)}…` : text;
}

/** One update in words: a line, and the text it carries (if any). */
function describe(item: MailItem): { line: string; body: string | null } {
  const body = item.body ? clip(item.body) : null;
  switch (item.kind) {
    case 'created':
      return { line: `${item.actor} opened the request.`, body };
    case 'check_in':
      return { line: 'A check-in is due.', body };
    case 'comment':
      return { line: `${item.actor} wrote:`, body };
    case 'waiting':
      return { line: `${item.actor} is waiting for your answer.`, body: null };
    case 'approval':
      return { line: 'Your company admin’s approval is needed before the work goes on.', body: null };
    case 'resolved':
      return {
        line: `${item.actor} resolved the request. Confirm it, or reopen it within 14 days if something is missing.`,
        body: null,
      };
    case 'auto_resolved':
      return { line: item.note ?? 'The request was resolved automatically.', body: null };
    case 'reminder':
      return {
        line: `The request has been waiting for your answer for ${item.figure ?? 'several'} days.`,
        body: null,
      };
    case 'answered':
      return { line: `${item.actor} answered; the request is back with you.`, body: null };
    case 'approved':
      return { line: `${item.actor} approved the request.`, body: null };
    case 'reopened':
      return { line: `${item.actor} reopened the request.`, body: null };
    case 'assignee_reminder':
      return {
        line: `${item.figure ?? 50} % of the time to the due date${item.dueAt ? ` (${day(item.dueAt)})` : ''} has passed.`,
        body: null,
      };
  }
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The subject, text and HTML of one person's message about one request. */
export function composeMail(input: MailInput): ComposedMail {
  const { request, items } = input;
  const first = items[0];
  const headline = items.length === 1 && first ? HEADLINES[first.kind] : `${items.length} updates`;
  const subject = `[${request.key}] ${headline}: ${request.title}`;
  const described = items.map((item) => ({ item, ...describe(item) }));

  const text = [
    `Hello ${input.recipientName},`,
    '',
    `${request.key}: ${request.title}`,
    '',
    ...described.flatMap(({ item, line, body }) => [
      `— ${HEADLINES[item.kind]} (${item.at.toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
      line,
      ...(body ? ['', body] : []),
      '',
    ]),
    `Open the request: ${input.link}`,
    '',
    `You receive this because you take part in ${request.key} in ${input.brand}. Several updates within an hour come in one message.`,
  ].join('\n');

  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>Hello ${escapeHtml(input.recipientName)},</p>`,
    `<p><strong>${escapeHtml(request.key)}</strong>: ${escapeHtml(request.title)}</p>`,
    ...described.map(
      ({ item, line, body }) =>
        `<h3 style="margin-bottom: 0">${escapeHtml(HEADLINES[item.kind])}</h3><p>${escapeHtml(line)}</p>${
          body ? `<blockquote style="white-space: pre-wrap">${escapeHtml(body)}</blockquote>` : ''
        }`,
    ),
    `<p><a href="${escapeHtml(input.link)}">Open the request</a></p>`,
    `<p style="color: #666; font-size: 0.9em">You receive this because you take part in ${escapeHtml(
      request.key,
    )} in ${escapeHtml(input.brand)}. Several updates within an hour come in one message.</p>`,
    '</body></html>',
  ].join('\n');

  return { subject, text, html };
}
