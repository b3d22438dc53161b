// Entry of the browser build (vite.browser.config.ts): the published package's framework-free API.
export { mountClientPortal } from '../dist/index.js';
