export { Badge, Status, statusTones } from './Badge';
export type { BadgeProps, BadgeSize, BadgeTone, BadgeVariant, StatusKind, StatusProps } from './Badge';
