export { Menu } from './Menu.js';
export type {
  MenuEntry,
  MenuGroupDef,
  MenuItemDef,
  MenuPlacement,
  MenuProps,
  MenuSeparatorDef,
} from './Menu.js';
