export { StaffQueue } from './StaffQueue.js';
export { StaffStart } from './StaffStart.js';
