export { Menu } from './Menu';
export type {
  MenuEntry,
  MenuGroupDef,
  MenuItemDef,
  MenuPlacement,
  MenuProps,
  MenuSeparatorDef,
} from './Menu';
