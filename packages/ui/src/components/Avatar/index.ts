export { Avatar } from './Avatar';
export type { AvatarProps, AvatarShape, AvatarSize } from './Avatar';
export { getInitials } from './initials';
