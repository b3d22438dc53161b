// Theme
export { vars } from './theme/contract.css.js';
export { lightTheme, darkTheme } from './theme/themes.css.js';
export { visuallyHidden } from './theme/root.css.js';
export { typography } from './theme/typography.css.js';
export * as tokens from './theme/tokens.js';
export { breakpoints, mediaUp } from './theme/tokens.js';
export type { Breakpoint, Tone, TypeLevel } from './theme/tokens.js';
export { ThemeRoot, useTheme, useOverlayContainer } from './theme/ThemeRoot.js';
export { directionOf } from './theme/direction.js';
export type { ThemeRootProps, ThemeContextValue } from './theme/ThemeRoot.js';
export {
  DEFAULT_COLOR_MODE_KEY,
  isColorMode,
  readStoredColorMode,
  useColorModeState,
  useSystemColorMode,
} from './theme/colorMode.js';
export type { ColorMode, ResolvedColorMode, UseColorModeOptions } from './theme/colorMode.js';

// Components
export * from './components/Button/index.js';
export * from './components/Spinner/index.js';
export * from './components/Avatar/index.js';
export * from './components/Badge/index.js';
export * from './components/Card/index.js';
export * from './components/Chart/index.js';
export * from './components/EmptyState/index.js';
export * from './components/ErrorState/index.js';
export * from './components/Icon/index.js';
export * from './components/IconButton/index.js';
export * from './components/Link/index.js';
export * from './components/Progress/index.js';
export * from './components/Skeleton/index.js';
export * from './components/Stat/index.js';
export * from './components/Table/index.js';
export * from './components/Tabs/index.js';
export * from './components/Toaster/index.js';
export * from './components/Tooltip/index.js';
export * from './components/Dialog/index.js';
export * from './components/Drawer/index.js';
export * from './components/Menu/index.js';
export * from './components/Select/index.js';
