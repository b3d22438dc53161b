export { Button } from './Button.js';
export type { ButtonProps, ButtonSize, ButtonTone, ButtonVariant } from './Button.js';
