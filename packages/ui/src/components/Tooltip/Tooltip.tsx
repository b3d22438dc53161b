'use client';

import { Portal } from '@ark-ui/react/portal';
import { Tooltip as ArkTooltip } from '@ark-ui/react/tooltip';
import type { ReactElement, ReactNode } from 'react';
import { useOverlayContainer } from '../../theme/ThemeRoot.js';
import * as styles from './Tooltip.css.js';

export type TooltipPlacement = NonNullable<NonNullable<ArkTooltip.RootProps['positioning']>['placement']>;

export interface TooltipProps {
  /** What the tooltip says. Keep it short: it is announced as the trigger's description. */
  content: ReactNode;
  /**
   * The trigger: a single focusable element that forwards its ref and props (e.g. `<Button>`),
   * rendered as is (Ark `asChild`). Disabled buttons get no pointer or focus events, so a tooltip
   * on one never shows; explain why an action is unavailable some other way.
   */
  children: ReactElement;
  /**
   * Preferred side; flips when there is no room. `top` (default) · `bottom` · `left` · `right`, each
   * also with `-start` / `-end` alignment (logical: `bottom-start` is the right edge in RTL).
   */
  placement?: TooltipPlacement;
  /** Hover delay before opening, in ms. Default 300. Keyboard focus opens at once. */
  openDelay?: number;
  /** Delay before closing once the pointer leaves, in ms. Default 100. */
  closeDelay?: number;
  /** Controlled open state; pair with `onOpenChange`. */
  open?: boolean;
  /** Open on first render (uncontrolled). Default false. */
  defaultOpen?: boolean;
  /** Called with `true` when the tooltip opens and `false` when it closes. */
  onOpenChange?: (open: boolean) => void;
  /** Never show the tooltip. */
  disabled?: boolean;
  /** Space between the trigger and the tooltip, in px. Default 8. */
  gutter?: number;
}

export function Tooltip({
  content,
  children,
  placement = 'top',
  openDelay = 300,
  closeDelay = 100,
  open,
  defaultOpen,
  onOpenChange,
  disabled,
  gutter = 8,
}: TooltipProps) {
  const container = useOverlayContainer();
  return (
    <ArkTooltip.Root
      open={open}
      defaultOpen={defaultOpen}
      onOpenChange={onOpenChange ? (details) => onOpenChange(details.open) : undefined}
      openDelay={openDelay}
      closeDelay={closeDelay}
      disabled={disabled}
      positioning={{ placement, gutter }}
      lazyMount
      unmountOnExit
    >
      <ArkTooltip.Trigger asChild>{children}</ArkTooltip.Trigger>
      <Portal container={container}>
        <ArkTooltip.Positioner className={styles.positioner}>
          <ArkTooltip.Content className={styles.content}>
            <ArkTooltip.Arrow className={styles.arrow}>
              <ArkTooltip.ArrowTip className={styles.arrowTip} />
            </ArkTooltip.Arrow>
            {content}
          </ArkTooltip.Content>
        </ArkTooltip.Positioner>
      </Portal>
    </ArkTooltip.Root>
  );
}
