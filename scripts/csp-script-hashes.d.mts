export function inlineScriptHashes(html: string): string[]
export function withScriptHashes(policy: string, hashes: readonly string[]): string
export function syncCspScriptHashes(options: {
  outDir: string
  firebaseJson: string
  log?: (line: string) => void
}): Promise<boolean>
