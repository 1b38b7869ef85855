export function startHostingServer(options?: {
  outDir?: string
  port?: number
  host?: string
  env?: Record<string, string | undefined>
}): Promise<{ origin: string; close: () => Promise<void> }>
