export { StaffGate } from './StaffGate.js';
