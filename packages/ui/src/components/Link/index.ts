export { Link } from './Link.js';
export type { LinkProps, LinkVariant } from './Link.js';
export { externalRel, isExternalHref } from './external.js';
