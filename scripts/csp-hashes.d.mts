export function policyValues(config: {
  hosting?: { headers?: { headers: { key: string; value: string }[] }[] }
}): string[]
export function committedConfigFor(options?: {
  firebaseJson?: string
  outDir?: string
}): Promise<{ text: string; stale: boolean }>
