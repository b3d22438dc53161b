export { IconButton } from './IconButton.js';
export type { IconButtonProps, IconButtonSize, IconButtonTone, IconButtonVariant } from './IconButton.js';
