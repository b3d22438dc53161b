import { type ReactNode, useState } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { PortalRouting } from '../config';

/** Normalises a base path: '' or '/portal' (leading slash, no trailing one). */
export function normaliseBasePath(basePath: string | undefined): string {
  const trimmed = (basePath ?? '').trim().replace(/\/+$/, '');
  if (!trimmed) return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/**
 * Path routing: the browser address under `basePath` (history API; on the server `ssrPath`).
 * Memory routing: a history of its own, so the host page's address never changes.
 */
export function PortalRouter({
  routing,
  ssrPath,
  children,
}: {
  routing: PortalRouting;
  ssrPath?: string | undefined;
  children: ReactNode;
}) {
  const [memory] = useState(() =>
    routing.mode === 'memory' ? memoryLocation({ path: routing.initialPath ?? '/', record: false }) : null,
  );
  if (memory) {
    return (
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        {children}
      </Router>
    );
  }
  const base = normaliseBasePath(routing.mode === 'path' ? routing.basePath : '');
  return (
    <Router base={base} {...(ssrPath ? { ssrPath } : {})}>
      {children}
    </Router>
  );
}
