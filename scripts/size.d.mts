export interface PackageSize {
  js: number;
  jsWithDeps: number;
  css: number;
}
export interface InitialSize {
  /** gzip bytes of the initial chunks (entry + static imports), React external. */
  js: number;
  /** gzip bytes of dist/styles.css. */
  css: number;
  /** gzip bytes of the lazily loaded chunks. */
  lazyJs: number;
  /** npm packages (and workspace packages) bundled into the initial chunks. */
  initialPackages: string[];
  lazyPackages: string[];
  /** [package, rendered bytes before gzip] in the initial chunks, largest first. */
  largest: [string, number][];
}
export interface InitialBudget {
  /** What the site imports from the package. */
  import: string[];
  js: number;
  css: number;
  /** Packages that must only ever load lazily. */
  lazyOnly?: string[];
}
export function measurePackage(dir: string): Promise<PackageSize>;
export function measureInitial(dir: string, options: { import: string[] }): Promise<InitialSize>;
export interface BrowserSize {
  /** gzip bytes of the entry and the chunks it imports statically, React included. */
  js: number;
  /** gzip bytes of the chunks loaded later. */
  lazyJs: number;
  /** The entry first, then its static imports. */
  initialFiles: string[];
}
export function measureBrowser(dir: string, options: { entry: string }): BrowserSize;
export function readBudgets(): {
  packages: Record<string, Partial<PackageSize>>;
  initial?: Record<string, InitialBudget>;
  browser?: Record<string, { entry: string; js: number }>;
};
export function gzipSize(buf: Uint8Array): number;
