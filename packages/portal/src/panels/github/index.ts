export { GithubPanel } from './GithubPanel.js';
