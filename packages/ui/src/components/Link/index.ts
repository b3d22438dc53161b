export { Link } from './Link';
export type { LinkProps, LinkVariant } from './Link';
export { externalRel, isExternalHref } from './external';
