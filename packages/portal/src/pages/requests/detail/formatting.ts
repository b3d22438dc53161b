import type { RequestPerson } from '@client-portal/api-client/requests';
import { dateLocaleFor } from '../../../i18n/dates.js';
import type { I18n } from '../../../i18n/I18nProvider.js';
import { formatDateShort } from '../../../lib/dates.js';

/** A day for people in the portal's locale ('Mar 5, 2026'). */
export const dayText = (value: string | null | undefined, locale: string) =>
  formatDateShort(value ?? null, dateLocaleFor(locale));

/** A moment for people: day and time of day in the portal's locale. */
export function momentText(value: string, locale: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(dateLocaleFor(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(
    d,
  );
}

/** Who did something: "Maya Okafor", or staff "Alex Rivera for Northwind Logistics"; the portal itself when nobody. */
export function actorText(t: I18n['t'], actor: RequestPerson | null, onBehalfOf: string | null): string {
  if (!actor) return t('requestPage.actor.portal');
  return onBehalfOf ? t('requestPage.actor.for', { name: actor.name, company: onBehalfOf }) : actor.name;
}
