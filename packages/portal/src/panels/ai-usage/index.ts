export { AiUsagePanel } from './AiUsagePanel.js';
