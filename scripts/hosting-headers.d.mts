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
export function withFirestoreEmulatorPort(
  rules: readonly HostingHeaderRule[],
  port: string | number | undefined,
): HostingHeaderRule[]
export function hostingHeadersMiddleware(
  firebaseJsonPath: string,
  firestorePort?: string | number,
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void
