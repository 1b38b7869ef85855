export function inlineScriptHashes(html: string): string[]
export function inlineStyleHashes(html: string): string[]
export function injectedStyleTexts(): Promise<string[]>
export function withHashes(policy: string, directive: string, hashes: readonly string[]): string
export function withScriptHashes(policy: string, hashes: readonly string[]): string
export function syncCspHashes(options: {
  outDir: string
  firebaseJson: string
  injectedStyles?: readonly string[]
  log?: (line: string) => void
}): Promise<boolean>
