import {
  type ColorMode,
  Icon,
  IconButton,
  Menu,
  type MenuEntry,
  type MenuPlacement,
  useTheme,
} from '@client-portal/ui';
import {
  Check,
  Contrast as ContrastIcon,
  LogOut,
  type LucideIcon,
  Monitor,
  Moon,
  Settings2,
  Sun,
  Type,
} from 'lucide-react';
import { useI18n } from '../i18n/I18nProvider.js';
import { CONTRASTS, type Contrast } from './frameSettings.js';
import * as styles from './SettingsMenu.css.js';
import { useSignOut } from './useSignOut.js';

const MODES = [
  { mode: 'light', label: 'frame.colorMode.light', glyph: Sun },
  { mode: 'dark', label: 'frame.colorMode.dark', glyph: Moon },
  { mode: 'system', label: 'frame.colorMode.system', glyph: Monitor },
] as const satisfies readonly { mode: ColorMode; label: string; glyph: LucideIcon }[];

const CONTRAST_LABELS = { default: 'frame.contrast.default', bold: 'frame.contrast.bold' } as const;

/** A choice with a check mark after the current one. */
function Choice({ label, current }: { label: string; current: boolean }) {
  return (
    <span className={styles.choice}>
      {label}
      {current ? <Icon icon={Check} size="sm" className={styles.check} /> : null}
    </span>
  );
}

/**
 * The display settings (colour mode, contrast) and sign-out. Colour mode is ThemeRoot's (kept under
 * `<prefix>:color-mode`); contrast is the frame's.
 */
export function SettingsMenu({
  contrast,
  onContrastChange,
  placement,
  onOpenChange,
  defaultOpen,
}: {
  contrast: Contrast;
  onContrastChange: (contrast: Contrast) => void;
  placement: MenuPlacement;
  onOpenChange?: (open: boolean) => void;
  /** Open on mount (the deferred menu's stand-in button was clicked before the menu arrived). */
  defaultOpen?: boolean;
}) {
  const { t } = useI18n();
  const { mode, setMode } = useTheme();
  const signOut = useSignOut();
  const items: MenuEntry[] = [
    {
      type: 'group',
      label: t('frame.colorMode'),
      items: MODES.map(({ mode: value, label, glyph }) => ({
        value: `mode:${value}`,
        label: <Choice label={t(label)} current={mode === value} />,
        valueText: t(label),
        icon: <Icon icon={glyph} size="sm" />,
      })),
    },
    { type: 'separator' },
    {
      type: 'group',
      label: t('frame.contrast'),
      items: CONTRASTS.map((value) => ({
        value: `contrast:${value}`,
        label: <Choice label={t(CONTRAST_LABELS[value])} current={contrast === value} />,
        valueText: t(CONTRAST_LABELS[value]),
        icon: value === 'bold' ? <Icon icon={ContrastIcon} size="sm" /> : <Icon icon={Type} size="sm" />,
      })),
    },
    { type: 'separator' },
    {
      value: 'sign-out',
      label: t('frame.signOut'),
      icon: <Icon icon={LogOut} size="sm" className={styles.flip} />,
    },
  ];
  const onSelect = (value: string) => {
    const [kind, choice] = value.split(':');
    if (kind === 'mode' && (choice === 'light' || choice === 'dark' || choice === 'system')) setMode(choice);
    else if (kind === 'contrast' && (choice === 'default' || choice === 'bold')) onContrastChange(choice);
    else if (value === 'sign-out') void signOut();
  };
  return (
    <Menu
      items={items}
      onSelect={onSelect}
      placement={placement}
      onOpenChange={onOpenChange}
      defaultOpen={defaultOpen}
      trigger={
        <IconButton label={t('frame.settings')} variant="ghost" tone="neutral">
          <Icon icon={Settings2} size="md" />
        </IconButton>
      }
    />
  );
}
