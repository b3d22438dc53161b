// Theme
export { vars } from './theme/contract.css';
export { lightTheme, darkTheme } from './theme/themes.css';
export { visuallyHidden } from './theme/root.css';
export * as tokens from './theme/tokens';
export { breakpoints, mediaUp } from './theme/tokens';
export type { Breakpoint, Tone } from './theme/tokens';
export { ThemeRoot, useTheme, useOverlayContainer, directionOf } from './theme/ThemeRoot';
export type { ThemeRootProps, ThemeContextValue } from './theme/ThemeRoot';
export {
  DEFAULT_COLOR_MODE_KEY,
  isColorMode,
  readStoredColorMode,
  useColorModeState,
  useSystemColorMode,
} from './theme/colorMode';
export type { ColorMode, ResolvedColorMode, UseColorModeOptions } from './theme/colorMode';

// Components
export * from './components/Button';
export * from './components/Spinner';
export * from './components/Avatar';
export * from './components/Badge';
export * from './components/Card';
export * from './components/Chart';
export * from './components/EmptyState';
export * from './components/ErrorState';
export * from './components/IconButton';
export * from './components/Link';
export * from './components/Progress';
export * from './components/Skeleton';
export * from './components/Stat';
export * from './components/Table';
export * from './components/Tabs';
export * from './components/Toaster';
export * from './components/Tooltip';
export * from './components/Dialog';
export * from './components/Drawer';
export * from './components/Menu';
export * from './components/Select';
