export { Card } from './Card.js';
export type { CardHeadingLevel, CardPadding, CardProps, CardVariant } from './Card.js';
