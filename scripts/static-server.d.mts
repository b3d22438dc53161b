export function serveDirectory(dir: string): Promise<{ url: string; close: () => Promise<void> }>;
