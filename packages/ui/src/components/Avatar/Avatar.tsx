'use client';

import { Avatar as ArkAvatar } from '@ark-ui/react/avatar';
import { useLocaleContext } from '@ark-ui/react/locale';
import { forwardRef } from 'react';
import type { HTMLAttributes } from 'react';
import * as styles from './Avatar.css.js';
import { getInitials } from './initials.js';
import { UserRound } from 'lucide-react';
import { Icon } from '../Icon/index.js';

export type AvatarSize = 20 | 24 | 32 | 40 | 48 | 64;
export type AvatarShape = 'round' | 'square';

export interface AvatarProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'dir'> {
  /** The person's (or organisation's) name: the image's alt text and the source of the initials. */
  name?: string;
  /** Image URL. While it loads, or if it fails, the initials (or a generic icon) show instead. */
  src?: string;
  /** Side in px: `20` · `24` · `32` · `40` (default) · `48` · `64`. 20 and 24 show one initial, others two. */
  size?: AvatarSize;
  /** `round` (default) · `square` (rounded corners; for organisations and logos). */
  shape?: AvatarShape;
  /**
   * Hide it from assistive technology when the name is already next to it (a name in a list row),
   * so the name is not read twice. Default false.
   */
  decorative?: boolean;
  /** Called with `{ status: 'loaded' }` or `{ status: 'error' }` when the image loads or fails. */
  onStatusChange?: (details: { status: 'loaded' | 'error' }) => void;
}

const PersonIcon = () => <Icon icon={UserRound} size={24} className={styles.personIcon} />;

/** A person's picture, falling back to their initials (or a generic icon) when there is no image. */
export const Avatar = forwardRef<HTMLDivElement, AvatarProps>(function Avatar(
  { name, src, size = 40, shape = 'round', decorative = false, className, onStatusChange, ...rest },
  ref,
) {
  const { locale } = useLocaleContext();
  const label = name?.trim() ?? '';
  const initials = getInitials(label, size <= 24 ? 1 : 2, locale);
  const named = label !== '' && !decorative;
  return (
    <ArkAvatar.Root
      ref={ref}
      className={[
        styles.root,
        styles.shape[shape],
        styles.size[size],
        shape === 'square' && size <= 24 ? styles.squareSmall : undefined,
        className,
      ]
        .filter(Boolean)
        .join(' ')}
      onStatusChange={onStatusChange}
      aria-hidden={decorative || undefined}
      {...rest}
    >
      {/* Shown (and read) only when the image is not: Ark toggles `hidden` on both parts. */}
      <ArkAvatar.Fallback
        className={styles.fallback}
        role={named ? 'img' : undefined}
        aria-label={named ? label : undefined}
        aria-hidden={named ? undefined : true}
      >
        {initials ? <span aria-hidden="true">{initials}</span> : <PersonIcon />}
      </ArkAvatar.Fallback>
      {src ? <ArkAvatar.Image className={styles.image} src={src} alt={named ? label : ''} /> : null}
    </ArkAvatar.Root>
  );
});
