export { Tooltip } from './Tooltip.js';
export type { TooltipPlacement, TooltipProps } from './Tooltip.js';
