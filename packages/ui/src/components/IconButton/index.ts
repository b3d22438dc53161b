export { IconButton } from './IconButton';
export type { IconButtonProps, IconButtonSize, IconButtonTone, IconButtonVariant } from './IconButton';
