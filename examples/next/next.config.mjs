/**
 * The portal calls /api on the page's own origin; the site passes those calls to the portal host
 * (client-portal-host start, http://localhost:3000 by default), so the session cookie is the site's.
 * @type {import('next').NextConfig}
 */
const nextConfig = {
  async rewrites() {
    const host = process.env.PORTAL_API_ORIGIN ?? 'http://localhost:3000';
    return [{ source: '/api/:path*', destination: `${host}/api/:path*` }];
  },
};

export default nextConfig;
