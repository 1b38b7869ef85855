/** What the revoke script acts on, once it agreed to run. */
export interface RevokeOptions {
  project: string
  bucket: string
  apply: boolean
  credentials: string
}

export type ParsedArgs = { ok: true; options: RevokeOptions } | { ok: false; message: string }

/** One object under images/ that holds download tokens or another Cache-Control than PRIVATE_CACHE. */
export interface PlannedRevocation {
  name: string
  tokens: number
  /** Its Cache-Control now; null when none is set. */
  cacheControl: string | null
}

export const PHOTO_PREFIX: string
export const TOKENS_KEY: string
export const PRIVATE_CACHE: string
export const USAGE: string

export function parseArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  fileExists?: (file: string) => boolean,
): ParsedArgs
export function tokenCount(customMetadata: Readonly<Record<string, unknown>> | undefined | null): number
export function planRevocations(
  objects: readonly {
    name: string
    metadata?: Readonly<Record<string, unknown>> | null
    cacheControl?: string | null
  }[],
): PlannedRevocation[]
export function revocationPatch(): { cacheControl: string; metadata: Record<string, null> }
export function summary(run: {
  bucket: string
  apply: boolean
  scanned: number
  planned: readonly PlannedRevocation[]
  revoked: number
  failed: number
}): string[]

/** What revokeTokens needs of a @google-cloud/storage Bucket. */
export interface TokenBucket {
  getFiles(query: {
    prefix: string
    autoPaginate: boolean
  }): Promise<
    [
      { name: string; metadata?: { metadata?: Record<string, unknown> | null; cacheControl?: string } }[],
      ...unknown[],
    ]
  >
  file(name: string): {
    setMetadata(patch: { cacheControl: string; metadata: Record<string, null> }): Promise<unknown>
  }
}

export function revokeTokens(
  bucket: TokenBucket,
  run: { bucketName: string; apply: boolean },
  out?: { log(line: string): void; error(line: string): void },
): Promise<number>
