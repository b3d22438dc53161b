export { Avatar } from './Avatar.js';
export type { AvatarProps, AvatarShape, AvatarSize } from './Avatar.js';
export { getInitials } from './initials.js';
