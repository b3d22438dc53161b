import type { ReactNode } from 'react';

/** Placeholder: the frame is being built (side navigation, top bar, drawer, footer, booking button). */
export function Frame({ children }: { children: ReactNode }) {
  return <main>{children}</main>;
}
