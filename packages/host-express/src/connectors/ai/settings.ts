// What the AI tools connector needs from the environment. Each tool is on when its key is set; the
// others are skipped (their scopes are left alone). The keys are secrets: a problem names the
// variable, never its value.

export interface AiToolsSettings {
  /** Windsurf (Codeium) Analytics API: a service key with "Teams Read-only" (sent in the JSON body). */
  windsurf: { serviceKey: string; apiUrl: string } | null;
  /**
   * GitHub Copilot usage metrics and seats: a token with manage_billing:copilot (or read:org /
   * read:enterprise), or a fine-grained token allowed to read Copilot metrics.
   */
  copilot: { token: string; apiUrl: string } | null;
  /** Cursor Admin API: a team admin API key (Basic auth, the key as user name). */
  cursor: { apiKey: string; apiUrl: string } | null;
}

export const AI_TOOLS_DEFAULT_URLS = {
  windsurf: 'https://server.codeium.com',
  copilot: 'https://api.github.com',
  cursor: 'https://api.cursor.com',
} as const;

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

/** A key as sent: no surrounding blanks, no control characters or spaces inside. */
function secret(value: string | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/**
 * The AI tools' settings from the environment: `settings` null when no tool's key is set (the
 * source is off), `problems` one plain sentence per bad value.
 */
export function readAiToolsSettings(env: Record<string, string | undefined>): {
  settings: AiToolsSettings | null;
  problems: string[];
} {
  const problems: string[] = [];
  const url = (name: string, fallback: string): string => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const parsed = apiUrl(raw);
    if (parsed) return parsed;
    // A URL with a user name or password in it is not quoted: that part may be a secret.
    const got = /\/\/[^/]*@/.test(raw) ? '' : ` (got "${raw.slice(0, 80)}")`;
    problems.push(`${name} must be an http(s) URL without credentials, query or fragment${got}`);
    return fallback;
  };
  const key = (name: string): string | null => {
    const value = secret(env[name]);
    if (value !== null && /[\s\p{Cc}]/u.test(value)) {
      problems.push(`${name} must not contain spaces or control characters`);
      return null;
    }
    return value;
  };

  const serviceKey = key('WINDSURF_SERVICE_KEY');
  const windsurfUrl = url('WINDSURF_API_URL', AI_TOOLS_DEFAULT_URLS.windsurf);
  const token = key('COPILOT_TOKEN');
  const copilotUrl = url('COPILOT_API_URL', AI_TOOLS_DEFAULT_URLS.copilot);
  const apiKey = key('CURSOR_API_KEY');
  const cursorUrl = url('CURSOR_API_URL', AI_TOOLS_DEFAULT_URLS.cursor);

  const settings: AiToolsSettings = {
    windsurf: serviceKey ? { serviceKey, apiUrl: windsurfUrl } : null,
    copilot: token ? { token, apiUrl: copilotUrl } : null,
    cursor: apiKey ? { apiKey, apiUrl: cursorUrl } : null,
  };
  const any = settings.windsurf || settings.copilot || settings.cursor;
  return { settings: any ? settings : null, problems };
}
