export { Skeleton, SkeletonText } from './Skeleton';
export type { SkeletonProps, SkeletonShape, SkeletonTextProps } from './Skeleton';
