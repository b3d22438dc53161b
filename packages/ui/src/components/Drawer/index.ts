export { Drawer, DrawerClose } from './Drawer';
export type { DrawerCloseProps, DrawerProps, DrawerSide } from './Drawer';
