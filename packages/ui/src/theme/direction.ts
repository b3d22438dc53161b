const RTL_LANGS = new Set(['ar', 'fa', 'he', 'iw', 'ur', 'ps', 'sd', 'yi', 'dv', 'ckb', 'ug']);

/** Writing direction of a BCP 47 locale (by its language subtag). */
export const directionOf = (locale: string): 'ltr' | 'rtl' =>
  RTL_LANGS.has(locale.toLowerCase().split(/[-_]/)[0] ?? '') ? 'rtl' : 'ltr';
