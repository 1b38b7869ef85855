export function startHostingServer(options?: {
  outDir?: string
  port?: number
  host?: string
  env?: Record<string, string | undefined>
}): Promise<{ origin: string; server: import('node:http').Server; close: () => Promise<void> }>
