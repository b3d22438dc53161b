export { ICON_STROKE_WIDTH, Icon } from './Icon.js';
export type { IconProps, IconSize } from './Icon.js';
