// The frame's overlays, split from the initial load: Ark's drawer, menu and tooltip machines (with
// floating-ui and the focus trap) are ~half of the frame's code, and none of them is needed for its
// first paint. `deferred.tsx` loads this chunk right after the frame mounts (or on first use).
export { Drawer, Tooltip } from '@client-portal/ui';
export { SettingsMenu } from './SettingsMenu.js';
