export function isKitCss(file: string | undefined): boolean;
export function hardenCss(options?: {
  layer?: string | null;
  filter?: (file: string | undefined) => boolean;
}): {
  postcssPlugin: string;
};
export function hardenAll(): { postcssPlugin: string };
