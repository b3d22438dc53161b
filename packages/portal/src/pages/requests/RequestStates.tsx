import { visuallyHidden } from '@client-portal/ui';
import type { ReactNode } from 'react';
import * as styles from './RequestsPage.css.js';

/** Placeholders while something loads: busy for assistive technology, with a status to say what. */
export function Busy({ status, children }: { status: string; children: ReactNode }) {
  return (
    <div aria-busy="true" className={styles.stack}>
      <span role="status" className={visuallyHidden}>
        {status}
      </span>
      {children}
    </div>
  );
}
