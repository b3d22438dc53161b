// The machine-to-machine contract (CI, GitHub, incident tools sending delivery events): its own
// entry, `@client-portal/api-client/ingest`, so the portal, which imports the main entry, never
// downloads these schemas.
export * from './schemas/ingest.js';
