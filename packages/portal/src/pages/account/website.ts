/**
 * The company's website from its CRM domain, which is hand-typed: "northwind.example",
 * "www.northwind.example/" or "https://northwind.example". `href` opens it (https unless the CRM
 * says otherwise), `label` shows it without the protocol and the trailing slash. Null for none.
 */
export function websiteOf(domain: string | null | undefined): { href: string; label: string } | null {
  const trimmed = domain?.trim() ?? '';
  if (!trimmed || /\s/.test(trimmed)) return null;
  const href = /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed.replace(/^\/+/, '')}`;
  try {
    const url = new URL(href);
    const label = `${url.host}${url.pathname === '/' ? '' : url.pathname.replace(/\/+$/, '')}`;
    return { href: url.href, label };
  } catch {
    return null;
  }
}
