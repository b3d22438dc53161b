// What a site without React ships: the portal's mount function with React bundled in. The e2e
// support builds this into client-portal.js (the package resolved to its built dist).
export { mountClientPortal } from '@client-portal/portal';
