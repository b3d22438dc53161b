export function serveDirectory(
  dir: string,
  options?: { port?: number; host?: string },
): Promise<{ url: string; close: () => Promise<void> }>;
