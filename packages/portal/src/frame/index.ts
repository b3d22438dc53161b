export { Frame } from './Frame.js';
