import type { AcceptedPlugin } from 'postcss';
import type { PluginOption, UserConfig } from 'vite';
export function kitViteConfig(options?: { layer?: string | null }): {
  resolve: { conditions: string[] };
  css: { postcss: { plugins: AcceptedPlugin[] } };
};
export function kitLibraryConfig(options: {
  entry: Record<string, string>;
  plugins?: PluginOption[];
}): UserConfig;
