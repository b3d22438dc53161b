import { Button, Card, type ColorMode, Icon, useTheme } from '@client-portal/ui';
import { LogOut } from 'lucide-react';
import { useId, useState } from 'react';
import { useSession } from '../../data/PortalData.js';
import { CONTRASTS, type Contrast, useContrast, useMiniNavigation } from '../../frame/frameSettings.js';
import * as menuStyles from '../../frame/SettingsMenu.css.js';
import { useSignOut } from '../../frame/useSignOut.js';
import { useI18n } from '../../i18n/I18nProvider.js';
import type { MessageKey } from '../../i18n/messages.en.js';
import { usePortal } from '../../PortalContext.js';
import { languageNameOf } from './languageName.js';
import * as facts from '../account/AccountPage.css.js';
import * as styles from './ProfileSettingsPage.css.js';

const MODES = [
  { value: 'light', label: 'frame.colorMode.light' },
  { value: 'dark', label: 'frame.colorMode.dark' },
  { value: 'system', label: 'frame.colorMode.system' },
] as const satisfies readonly { value: ColorMode; label: MessageKey }[];

const CONTRAST_LABELS: Record<Contrast, MessageKey> = {
  default: 'frame.contrast.default',
  bold: 'frame.contrast.bold',
};

/** A fieldset of radio buttons: one choice of a few, each shown at once. */
function ChoiceGroup<T extends string>({
  legend,
  value,
  choices,
  onChange,
}: {
  legend: string;
  value: T;
  choices: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.options}>
        {choices.map((choice) => (
          <label key={choice.value} className={styles.option}>
            <input
              type="radio"
              className={styles.input}
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The portal's own settings: the same ones the navigation's display menu changes, read and written
 * through the same hooks (colour mode: ThemeRoot's; contrast and mini navigation: the frame's
 * stored choices), so a change here shows in the menu at once and the other way round. The
 * language is the host's `locale`: shown, not chosen here.
 */
export function PortalSettings() {
  const { t, locale } = useI18n();
  const { storageKeyPrefix } = usePortal();
  const { mode, setMode } = useTheme();
  const [contrast, setContrast] = useContrast(storageKeyPrefix);
  const [mini, setMini] = useMiniNavigation(storageKeyPrefix);
  const help = useId();
  const miniId = useId();
  return (
    <Card title={t('page.profile.settings.title')} description={t('page.profile.settings.description')}>
      <div className={styles.settings}>
        <ChoiceGroup
          legend={t('frame.colorMode')}
          value={mode}
          choices={MODES.map((m) => ({ value: m.value, label: t(m.label) }))}
          onChange={setMode}
        />
        <ChoiceGroup
          legend={t('frame.contrast')}
          value={contrast}
          choices={CONTRASTS.map((c) => ({ value: c, label: t(CONTRAST_LABELS[c]) }))}
          onChange={setContrast}
        />
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('page.profile.navigation')}</legend>
          <div className={styles.toggle}>
            <input
              id={miniId}
              type="checkbox"
              className={styles.checkbox}
              checked={mini}
              onChange={(event) => setMini(event.target.checked)}
              aria-describedby={help}
            />
            <div className={styles.toggleText}>
              <label htmlFor={miniId}>{t('page.profile.navigation.mini')}</label>
              <p id={help} className={styles.muted}>
                {t('page.profile.navigation.miniHelp')}
              </p>
            </div>
          </div>
        </fieldset>
        <dl className={facts.facts}>
          <div className={facts.fact}>
            <dt className={styles.legend}>{t('page.profile.language')}</dt>
            <dd className={facts.factValue} lang={locale}>
              {languageNameOf(locale)}
            </dd>
            <dd className={styles.muted}>{t('page.profile.language.note')}</dd>
          </div>
        </dl>
      </div>
    </Card>
  );
}

/** Who is signed in, and signing out: the same sign-out as the navigation's menu. */
export function SessionCard() {
  const { t } = useI18n();
  const session = useSession();
  const signOut = useSignOut();
  const [leaving, setLeaving] = useState(false);
  const email = session.data?.email;
  return (
    <Card title={t('page.profile.session.title')}>
      <div className={styles.session}>
        {email ? (
          // Isolated, so an address keeps its order inside a right-to-left sentence.
          <p className={facts.factValue}>
            {t('page.profile.session.signedInAs', { email: `\u2068${email}\u2069` })}
          </p>
        ) : null}
        <Button
          variant="outline"
          tone="neutral"
          loading={leaving}
          iconStart={<Icon icon={LogOut} size="sm" className={menuStyles.flip} />}
          onClick={() => {
            setLeaving(true);
            void signOut();
          }}
        >
          {t('frame.signOut')}
        </Button>
      </div>
    </Card>
  );
}
