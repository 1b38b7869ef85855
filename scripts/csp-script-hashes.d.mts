export function inlineScriptHashes(html: string): string[]
export function inlineStyleHashes(html: string): string[]
export function injectedStyleTexts(): Promise<string[]>
export function withHashes(policy: string, directive: string, hashes: readonly string[]): string
export function withScriptHashes(policy: string, hashes: readonly string[]): string
export function builtPageHashes(
  outDir: string,
  injectedStyles?: readonly string[],
): Promise<{ scripts: string[]; styles: string[] }>
export function withPageHashes<Rule extends { headers: { key: string; value: string }[] }>(
  rules: readonly Rule[],
  hashes: { scripts: readonly string[]; styles: readonly string[] },
): Rule[]
