import type { IncomingMessage, ServerResponse } from 'node:http'

/** One rule of firebase.json's hosting.headers. */
export interface HostingHeaderRule {
  source?: string
  glob?: string
  regex?: string
  headers: { key: string; value: string }[]
}

export function compileSource(source: string): (path: string) => boolean
export function sourceMatches(source: string, path: string): boolean
export function headersFor(
  rules: readonly HostingHeaderRule[],
  path: string,
): { key: string; value: string }[]
export function readHostingHeaders(firebaseJsonPath: string): HostingHeaderRule[]
export function emulatorSources(
  config: { emulators?: Record<string, { port?: number }> },
  env?: Record<string, string | undefined>,
): string[]
export function withConnectSources(
  rules: readonly HostingHeaderRule[],
  sources: readonly string[],
): HostingHeaderRule[]
export function hostingHeadersMiddleware(
  firebaseJsonPath: string,
  env?: Record<string, string | undefined>,
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void
