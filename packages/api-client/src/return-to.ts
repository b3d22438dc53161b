/**
 * The `returnTo` rule of the sign-in routes: only a same-origin relative path is kept, anything
 * else becomes `fallback` ("/" unless the caller knows better, e.g. the portal's base path): no open
 * redirect. "//evil.example" and "/\evil.example" are refused because browsers treat both as another
 * host; control characters are refused because some servers strip them and turn a harmless path
 * into a host.
 */
export function safeReturnTo(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length > 2048) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  return value;
}
