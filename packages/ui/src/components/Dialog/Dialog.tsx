'use client';

import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import type { ReactElement } from 'react';
import { ModalSurface, modalRootProps } from '../Modal/index.js';
import type { ModalParts, ModalProps } from '../Modal/index.js';
import * as styles from './Dialog.css.js';

export type DialogSize = 'sm' | 'md' | 'lg';

export interface DialogProps extends ModalProps {
  /** Maximum width: sm 400px, md 560px (default), lg 800px. Never wider than the viewport. */
  size?: DialogSize;
  /** `alertdialog` for confirmations that interrupt the user. Default `dialog`. */
  role?: 'dialog' | 'alertdialog';
}

const parts: ModalParts = {
  Trigger: ArkDialog.Trigger,
  Backdrop: ArkDialog.Backdrop,
  Positioner: ArkDialog.Positioner,
  Content: ArkDialog.Content,
  Title: ArkDialog.Title,
  Description: ArkDialog.Description,
  CloseTrigger: ArkDialog.CloseTrigger,
};

/** A modal dialog centred in the viewport, on Ark's Dialog. */
export function Dialog({ size = 'md', role = 'dialog', ...modal }: DialogProps) {
  return (
    <ArkDialog.Root {...modalRootProps(modal)} role={role}>
      <ModalSurface {...modal} parts={parts} placement="center" className={styles.size[size]} />
    </ArkDialog.Root>
  );
}

export interface DialogCloseProps {
  /** A single element forwarding ref and props, e.g. `<Button variant="outline">Cancel</Button>`. */
  children: ReactElement;
}

/** Makes its child close the enclosing dialog when activated. */
export function DialogClose({ children }: DialogCloseProps) {
  return <ArkDialog.CloseTrigger asChild>{children}</ArkDialog.CloseTrigger>;
}
