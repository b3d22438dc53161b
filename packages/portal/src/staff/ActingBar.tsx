import { Button, Icon } from '@client-portal/ui';
import { Building } from 'lucide-react';
import type { Ref } from 'react';
import { useI18n } from '../i18n/I18nProvider.js';
import * as styles from './ActingBar.css.js';

/** Splits a message around `{company}`, so the name can be set apart in any word order. */
function aroundCompany(message: (company: string) => string): [string, string] {
  const mark = '\u0000';
  const [before = '', after = ''] = message(mark).split(mark);
  return [before, after];
}

/**
 * Says which company provider staff act for, above the page, with the two ways out: switch to
 * another company (back to the picker) and stop acting. A named region, so screen-reader users can
 * find it from the landmarks list; focused after a switch, so the new company is announced.
 */
export function ActingBar({
  company,
  onSwitch,
  onStop,
  switching,
  stopping,
  ref,
}: {
  company: string;
  onSwitch: () => void;
  onStop: () => void;
  /** The picker is open: switching is already under way. */
  switching: boolean;
  stopping: boolean;
  ref?: Ref<HTMLElement>;
}) {
  const { t } = useI18n();
  const [before, after] = aroundCompany((name) => t('staff.bar.actingFor', { company: name }));
  return (
    <section
      ref={ref}
      tabIndex={-1}
      className={styles.bar}
      aria-label={t('staff.bar.actingFor', { company })}
      data-staff-bar=""
    >
      <Icon icon={Building} size="md" className={styles.icon} />
      <p className={styles.text}>
        <span>
          {before}
          <strong className={styles.company}>{company}</strong>
          {after}
        </span>
        <span className={styles.note}>{t('staff.bar.note')}</span>
      </p>
      <div className={styles.actions}>
        {switching ? null : (
          <Button variant="outline" tone="neutral" size="sm" onClick={onSwitch} disabled={stopping}>
            {t('staff.bar.switch')}
          </Button>
        )}
        <Button variant="solid" tone="neutral" size="sm" onClick={onStop} loading={stopping}>
          {t('staff.bar.stop')}
        </Button>
      </div>
    </section>
  );
}
