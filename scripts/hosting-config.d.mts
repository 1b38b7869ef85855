/** One rule of firebase.json's hosting.headers. */
export interface HostingHeaderRule {
  source?: string
  glob?: string
  regex?: string
  headers: { key: string; value: string }[]
}

/** The parts of firebase.json these scripts read. */
export interface FirebaseConfig {
  hosting: { public: string; headers?: HostingHeaderRule[]; [key: string]: unknown }
  emulators?: Record<string, { port?: number; host?: string }>
  [key: string]: unknown
}

export function readFirebaseConfig(firebaseJsonPath?: string): FirebaseConfig
export function emulatorSources(
  config: { emulators?: Record<string, { port?: number }> },
  env?: Record<string, string | undefined>,
): string[]
export function withConnectSources(
  rules: readonly HostingHeaderRule[],
  sources: readonly string[],
): HostingHeaderRule[]
export function servedConfig(options: {
  firebaseJson?: string
  outDir: string
  emulators?: boolean
  env?: Record<string, string | undefined>
}): Promise<FirebaseConfig>
