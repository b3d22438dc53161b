export interface PackageSize {
  js: number;
  jsWithDeps: number;
  css: number;
}
export function measurePackage(dir: string): Promise<PackageSize>;
export function readBudgets(): { packages: Record<string, Partial<PackageSize>> };
export function gzipSize(buf: Uint8Array): number;
