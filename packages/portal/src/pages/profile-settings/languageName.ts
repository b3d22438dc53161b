/**
 * The name of a locale's language in the language itself ("Deutsch", "العربية"), so someone who
 * cannot read the page still recognises it; the tag itself when the browser has no name for it.
 */
export function languageNameOf(locale: string): string {
  const tag = locale.trim();
  if (!tag) return '';
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag);
    return name ? name.charAt(0).toLocaleUpperCase(tag) + name.slice(1) : tag;
  } catch {
    return tag;
  }
}
