export { Select } from './Select.js';
export type { SelectItem, SelectProps, SelectSize } from './Select.js';
