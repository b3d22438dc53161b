export { Card } from './Card';
export type { CardHeadingLevel, CardPadding, CardProps, CardVariant } from './Card';
