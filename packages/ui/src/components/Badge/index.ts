export { Badge, Status, statusTones } from './Badge.js';
export type { BadgeProps, BadgeSize, BadgeTone, BadgeVariant, StatusKind, StatusProps } from './Badge.js';
