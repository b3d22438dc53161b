export { Skeleton, SkeletonText } from './Skeleton.js';
export type { SkeletonProps, SkeletonShape, SkeletonTextProps } from './Skeleton.js';
