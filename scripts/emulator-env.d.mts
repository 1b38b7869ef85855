/** The file-system and process reads discovery makes. */
export interface Probe {
  env: Record<string, string | undefined>
  home: string
  exists(file: string): boolean
  list(dir: string): string[]
  read(file: string): string | null
  realpath(file: string): string
  javaVersionOutput(java: string): string | null
}

export interface FoundJava {
  path: string
  home: string
  version: number
  from: string
}

export interface FoundFirestore {
  jar: string
  version: string | null
  from: string
  /** gcloud's JAR, which has no Main-Class: started through the launcher JAR. */
  launcher: boolean
  /** The very version firebase-tools expects, in its cache: it finds it by itself. */
  expected?: boolean
}

export interface Discovery {
  java: FoundJava | null
  tried: { java: string; home: string; version: number | null; from: string }[]
  firestore: FoundFirestore | null
  storageRuntime: string | null
  cache: { dir: string; firestoreJar: string | null; storageJar: string | null }
  firestoreOk: boolean
  storageOk: boolean
  why: { firestore: string | null; storage: string | null }
}

export const REQUIRED_JAVA: number
export const FIRESTORE_MAIN_CLASS: string
export function systemProbe(): Probe
export function parseJavaMajor(text: string | null | undefined): number | null
export function findJava(probe: Probe): { java: FoundJava | null; tried: Discovery['tried'] }
export function firebaseToolsCache(probe: Probe): Discovery['cache']
export function findFirestoreEmulator(probe: Probe, cache?: Discovery['cache']): FoundFirestore | null
export function findStorageRuntime(probe: Probe, cache?: Discovery['cache']): string | null
export function discover(probe?: Probe): Discovery
export function launcherManifest(emulatorJar: string): Buffer
export function writeLauncher(emulatorJar: string, cacheDir?: string): string
export function emulatorEnv(
  found: Discovery,
  baseEnv?: Record<string, string | undefined>,
  cacheDir?: string,
): Record<string, string | undefined>
export const TEST_JVM_OPTIONS: string[]
export function firestoreCommand(
  found: Discovery,
  options: {
    host: string
    port: number
    rules: string
    projectId: string
    singleProject?: boolean
    jvmOptions?: string[]
  },
): { command: string; args: string[] } | null
export function describe(found: Discovery): string[]
