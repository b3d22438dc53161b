import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import './site.css';

export const metadata: Metadata = { title: 'Acme Software' };

/** The site's own frame: its header, its footer, the page in between. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="site-header">
          <Link href="/" className="brand">
            Acme home
          </Link>
          <nav aria-label="Site">
            <ul>
              <li>
                <Link href="/">Services</Link>
              </li>
              <li>
                <Link href="/portal">Client portal</Link>
              </li>
            </ul>
          </nav>
        </header>
        <main className="site-main">{children}</main>
        <footer className="site-footer">
          <p>© Acme Software</p>
        </footer>
      </body>
    </html>
  );
}
