// The section's toaster lives with the data layer every requests chunk shares (useRequestsApi.ts).
export { RequestsToasterContext, useRequestsToaster } from './useRequestsApi.js';
