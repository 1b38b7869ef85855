/** What the prerenderer's SSR bundle (src/app/entry-prerender.tsx) exports. */
export type PrerenderEntry = typeof import('../src/app/entry-prerender')

export function htmlFileFor(path: string): string
export function servedPath(file: string): string
export function builtFileFor(address: string): string
export function pageHtml(
  template: string,
  page: { title: string; description: string; headExtra?: string; markup: string },
): string
export function startAppAfterFirstScreen(html: string, start: { starter: string; entryMeta: string }): string
export function withParentPainter(html: string, painter: string): string
export function sitemapXml(siteUrl: string, paths: readonly string[]): string
export function prerender(options: { outDir: string; entry: PrerenderEntry }): Promise<void>
export const NOT_FOUND_FILE: string
