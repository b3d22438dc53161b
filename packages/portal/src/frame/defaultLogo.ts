/**
 * The Profile entry shows the company logo, or this default image when the company has
 * none (or it fails to load). Inline, so the portal needs no asset folder or network for it.
 */
const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">' +
  '<rect width="40" height="40" rx="8" fill="#e6eaf0"/>' +
  '<path d="M12 30V12.5a1.5 1.5 0 0 1 1.5-1.5h9a1.5 1.5 0 0 1 1.5 1.5V30M24 17h4.5a1.5 1.5 0 0 1 1.5 1.5V30M9 30h22" ' +
  'fill="none" stroke="#4b5563" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>' +
  '<path d="M16 15.5h4M16 19.5h4M16 23.5h4" stroke="#4b5563" stroke-width="2" stroke-linecap="round"/>' +
  '</svg>';

export const DEFAULT_COMPANY_LOGO = `data:image/svg+xml,${encodeURIComponent(svg)}`;
