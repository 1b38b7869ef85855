import type { IncomingMessage, ServerResponse } from 'node:http'

/** What the prerenderer's SSR bundle (src/entry-prerender.tsx) exports. */
export interface PrerenderEntry {
  readonly marketingPaths: readonly string[]
  readonly siteUrl: string
  readonly siteConfig: { readonly name: string; readonly shortName: string }
  pageMeta(path: string): { readonly title: string; readonly description: string }
  renderPage(url: string): Promise<{ readonly html: string; readonly statusCode: number }>
}

export function htmlFileFor(path: string): string
export function pageHtml(
  template: string,
  page: { title: string; description: string; headExtra?: string; markup: string },
): string
export function startAppAfterFirstScreen(html: string): string
export function sitemapXml(siteUrl: string, paths: readonly string[]): string
export function prerender(options: { outDir: string; entry: PrerenderEntry }): Promise<void>
export function previewFallback(
  outDir: string,
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void
