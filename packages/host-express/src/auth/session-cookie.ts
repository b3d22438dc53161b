import { parseCookie, stringifySetCookie } from 'cookie';
import type { Request, Response } from 'express';
import type { AuthConfig } from './config.js';

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  const value = parseCookie(header)[name];
  return value ? value : undefined;
}

/** Secure when the public origin is https or this request came over https (directly or via a trusted proxy). */
export function cookieIsSecure(config: AuthConfig, req: Request): boolean {
  if (config.cookieSecure !== undefined) return config.cookieSecure;
  return config.publicOrigin.startsWith('https:') || req.secure;
}

interface CookieSpec {
  name: string;
  value: string;
  path: string;
  expires?: Date;
  maxAge?: number;
}

/** Replaces any Set-Cookie for the same name already on the response (e.g. a clear from loadSession). */
export function setCookie(req: Request, res: Response, config: AuthConfig, spec: CookieSpec): void {
  const existing = res.getHeader('Set-Cookie');
  if (existing !== undefined) {
    const lines = (Array.isArray(existing) ? existing : [String(existing)]).filter(
      (line) => !line.startsWith(`${spec.name}=`),
    );
    if (lines.length > 0) res.setHeader('Set-Cookie', lines);
    else res.removeHeader('Set-Cookie');
  }
  res.append(
    'Set-Cookie',
    stringifySetCookie(spec.name, spec.value, {
      httpOnly: true,
      sameSite: 'lax',
      secure: cookieIsSecure(config, req),
      path: spec.path,
      ...(spec.expires ? { expires: spec.expires } : {}),
      ...(spec.maxAge === undefined ? {} : { maxAge: spec.maxAge }),
    }),
  );
}

export function clearCookie(
  req: Request,
  res: Response,
  config: AuthConfig,
  name: string,
  path: string,
): void {
  setCookie(req, res, config, { name, value: '', path, expires: new Date(0), maxAge: 0 });
}

/** The session cookie lives no longer than the session's absolute expiry. */
export function setSessionCookie(
  req: Request,
  res: Response,
  config: AuthConfig,
  token: string,
  expiresAt: Date,
): void {
  setCookie(req, res, config, { name: config.cookieName, value: token, path: '/', expires: expiresAt });
}

export function clearSessionCookie(req: Request, res: Response, config: AuthConfig): void {
  clearCookie(req, res, config, config.cookieName, '/');
}
