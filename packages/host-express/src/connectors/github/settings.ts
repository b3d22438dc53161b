import { createPrivateKey } from 'node:crypto';

// What the GitHub connector needs from the environment: the API (github.com or a GitHub Enterprise
// Server's /api/v3) and one way to authenticate, either a token or a GitHub App. An App is the
// better choice for an agency's automation: its installation gets its own, larger rate limit
// instead of sharing one person's 5,000 requests an hour. The token and the key are secrets: a
// problem names the variable, never its value.

export type GithubAuth =
  /** A personal access token (classic or fine-grained) or any other bearer token. */
  | { kind: 'token'; token: string }
  /**
   * A GitHub App: its id (or client id) and private key sign a JWT, which buys an installation
   * token per organisation. `installationId` fixes the installation for every organisation;
   * without it, each organisation's installation is looked up.
   */
  | { kind: 'app'; appId: string; privateKey: string; installationId: string | null };

export interface GithubSettings {
  /** REST API root without a trailing slash: https://api.github.com, or https://HOST/api/v3. */
  apiUrl: string;
  auth: GithubAuth;
}

export const GITHUB_DEFAULT_API_URL = 'https://api.github.com';

/** An http(s) origin with an optional path prefix, without credentials, query or fragment; null if not one. */
function apiUrl(value: string): string | null {
  try {
    const url = new URL(value.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password || url.search || url.hash) return null;
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return null;
  }
}

const set = (value: string | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/**
 * The GitHub connector's settings from the environment: `settings` null when neither a token nor
 * an App is configured (the source is off), `problems` one plain sentence per bad or missing value.
 *
 * - GITHUB_API_URL: default https://api.github.com.
 * - GITHUB_TOKEN (secret), or GITHUB_APP_ID with GITHUB_APP_PRIVATE_KEY (secret; a PEM, whose line
 *   breaks may be written `\n`), and optionally GITHUB_APP_INSTALLATION_ID.
 */
export function readGithubSettings(env: Record<string, string | undefined>): {
  settings: GithubSettings | null;
  problems: string[];
} {
  const problems: string[] = [];
  let url = GITHUB_DEFAULT_API_URL;
  const rawUrl = set(env.GITHUB_API_URL);
  if (rawUrl !== null) {
    const parsed = apiUrl(rawUrl);
    if (parsed) url = parsed;
    else
      problems.push(
        `GITHUB_API_URL must be an http(s) URL without credentials, query or fragment (got "${rawUrl.slice(0, 80)}")`,
      );
  }
  const token = set(env.GITHUB_TOKEN);
  const appId = set(env.GITHUB_APP_ID);
  const rawKey = set(env.GITHUB_APP_PRIVATE_KEY);
  const installationId = set(env.GITHUB_APP_INSTALLATION_ID);

  if (token !== null && /[\s\p{Cc}]/u.test(token)) {
    problems.push('GITHUB_TOKEN must not contain spaces or control characters');
  }
  if (appId !== null && !/^(\d{1,20}|[A-Za-z0-9.]{1,64})$/.test(appId)) {
    problems.push('GITHUB_APP_ID must be the GitHub App’s numeric id or its client id');
  }
  if (installationId !== null && !/^\d{1,20}$/.test(installationId)) {
    problems.push('GITHUB_APP_INSTALLATION_ID must be a number');
  }
  // Environment files often hold a PEM on one line with its line breaks written as "\n".
  const privateKey = rawKey?.replace(/\\r\\n|\\n/g, '\n') ?? null;
  if (privateKey !== null) {
    try {
      const key = createPrivateKey(privateKey);
      if (key.asymmetricKeyType !== 'rsa') problems.push('GITHUB_APP_PRIVATE_KEY must be an RSA private key');
    } catch {
      problems.push('GITHUB_APP_PRIVATE_KEY is not a PEM private key (the GitHub App’s .pem file)');
    }
  }

  const app = appId !== null || privateKey !== null;
  if (token !== null && app) {
    problems.push('Set either GITHUB_TOKEN or GITHUB_APP_ID with GITHUB_APP_PRIVATE_KEY, not both');
  }
  if (appId !== null && privateKey === null)
    problems.push('GITHUB_APP_PRIVATE_KEY is required when GITHUB_APP_ID is set');
  if (privateKey !== null && appId === null)
    problems.push('GITHUB_APP_ID is required when GITHUB_APP_PRIVATE_KEY is set');
  if (installationId !== null && appId === null && privateKey === null) {
    problems.push(
      'GITHUB_APP_ID and GITHUB_APP_PRIVATE_KEY are required when GITHUB_APP_INSTALLATION_ID is set',
    );
  }
  if (token === null && !app && installationId === null && rawUrl !== null) {
    problems.push(
      'GITHUB_TOKEN, or GITHUB_APP_ID with GITHUB_APP_PRIVATE_KEY, is required when GITHUB_API_URL is set',
    );
  }

  if (problems.length > 0 || (token === null && !app)) return { settings: null, problems };
  const auth: GithubAuth =
    token !== null
      ? { kind: 'token', token }
      : { kind: 'app', appId: appId as string, privateKey: privateKey as string, installationId };
  return { settings: { apiUrl: url, auth }, problems };
}
