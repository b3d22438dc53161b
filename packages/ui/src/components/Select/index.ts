export { Select } from './Select';
export type { SelectItem, SelectProps, SelectSize } from './Select';
