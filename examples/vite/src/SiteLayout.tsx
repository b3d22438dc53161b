import { Link, Outlet } from 'react-router';

/** The site's own frame: its header, its footer, the page in between. */
export function SiteLayout() {
  return (
    <>
      <header className="site-header">
        <Link to="/" className="brand">
          Acme home
        </Link>
        <nav aria-label="Site">
          <ul>
            <li>
              <Link to="/">Services</Link>
            </li>
            <li>
              <Link to="/portal">Client portal</Link>
            </li>
          </ul>
        </nav>
      </header>
      <main className="site-main">
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>© Acme Software</p>
      </footer>
    </>
  );
}
