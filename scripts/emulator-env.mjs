// What this machine can run of the Firebase emulators, found one way for `npm start`, `npm test`,
// `npm run test:emulators` and the rules predeploy step (docs/decisions/0006).
//
// Firestore and Storage run on Java 21 or newer. Java is looked for in JAVA_HOME, on the PATH, then in
// the system's usual JDK folders. The Firestore emulator is firebase-tools' own download (its cache) or
// gcloud's `cloud-firestore-emulator` component. gcloud's JAR has no Main-Class, while firebase-tools
// runs `java -jar $FIRESTORE_EMULATOR_BINARY_PATH`: a small launcher JAR (a manifest naming the main
// class, with the component's JAR on its Class-Path) is written into node_modules/.cache/sunbeam/ to
// bridge the two. Storage needs firebase-tools' rules runtime in its cache (a download: never made
// here). Nothing is downloaded, and no path of one machine is written into committed configuration.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { homedir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { zipSync } from 'fflate'

export const REQUIRED_JAVA = 21
export const FIRESTORE_MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore'
const GCLOUD_JAR = path.join('platform', 'cloud-firestore-emulator', 'cloud-firestore-emulator.jar')
const LAUNCHER_NAME = 'firestore-emulator-launcher.jar'

/** The file-system and process reads discovery makes; the tests pass their own. */
export function systemProbe() {
  return {
    env: process.env,
    home: homedir(),
    exists: (file) => existsSync(file),
    list: (dir) => {
      try {
        return readdirSync(dir)
      } catch {
        return []
      }
    },
    read: (file) => {
      try {
        return readFileSync(file, 'utf8')
      } catch {
        return null
      }
    },
    realpath: (file) => {
      try {
        return realpathSync(file)
      } catch {
        return file
      }
    },
    /** `java -version`'s output, for a java whose home has no `release` file. */
    javaVersionOutput: (java) => {
      const result = spawnSync(java, ['-version'], { encoding: 'utf8', timeout: 20_000 })
      return result.error || result.status !== 0 ? null : `${result.stderr}${result.stdout}`
    },
  }
}

/** The major version in `java -version` output or a `release` file's JAVA_VERSION (8 for '1.8.0_x'). */
export function parseJavaMajor(text) {
  const match = /(?:version|JAVA_VERSION=)\s*"(\d+)(?:\.(\d+))?/.exec(text ?? '')
  if (!match) return null
  const major = Number(match[1])
  return major === 1 ? Number(match[2]) : major
}

function javaVersion(probe, javaPath) {
  // A JDK's or JRE's home has a `release` file: reading it is much cheaper than starting a JVM.
  const home = path.dirname(path.dirname(probe.realpath(javaPath)))
  const fromRelease = parseJavaMajor(probe.read(path.join(home, 'release')))
  return { home, version: fromRelease ?? parseJavaMajor(probe.javaVersionOutput(javaPath)) }
}

/** JDK folders where installers put Java (Linux packages, Adoptium, SDKMAN!, macOS). */
function systemJavaHomes(probe) {
  const homes = []
  const inFolder = (dir, suffix = '') => {
    for (const name of probe.list(dir).sort().reverse()) homes.push(path.join(dir, name, suffix))
  }
  inFolder('/usr/lib/jvm')
  inFolder('/opt/java')
  inFolder('/usr/java')
  inFolder(path.join(probe.home, '.sdkman', 'candidates', 'java'))
  inFolder('/Library/Java/JavaVirtualMachines', path.join('Contents', 'Home'))
  inFolder(path.join(probe.home, 'Library', 'Java', 'JavaVirtualMachines'), path.join('Contents', 'Home'))
  return homes
}

/**
 * The first Java 21 or newer: JAVA_HOME, then each `java` on the PATH, then the system's JDK folders.
 * `tried` lists every Java looked at (for saying why none fits).
 */
export function findJava(probe) {
  const candidates = []
  if (probe.env.JAVA_HOME)
    candidates.push({ java: path.join(probe.env.JAVA_HOME, 'bin', 'java'), from: 'JAVA_HOME' })
  for (const dir of (probe.env.PATH ?? '').split(path.delimiter).filter(Boolean))
    candidates.push({ java: path.join(dir, 'java'), from: 'the PATH' })
  for (const home of systemJavaHomes(probe))
    candidates.push({ java: path.join(home, 'bin', 'java'), from: path.dirname(home) })
  const tried = []
  const seen = new Set()
  for (const { java, from } of candidates) {
    if (!probe.exists(java)) continue
    const real = probe.realpath(java)
    if (seen.has(real)) continue
    seen.add(real)
    const { home, version } = javaVersion(probe, java)
    tried.push({ java, home, version, from })
    if (version !== null && version >= REQUIRED_JAVA)
      return { java: { path: java, home, version, from }, tried }
  }
  return { java: null, tried }
}

/** firebase-tools' download folder and the versions of the emulators this firebase-tools runs. */
export function firebaseToolsCache(probe) {
  const dir = probe.env.FIREBASE_EMULATORS_PATH || path.join(probe.home, '.cache', 'firebase', 'emulators')
  const require = createRequire(import.meta.url)
  // The installed firebase-tools' own list, not the machine's: read as is.
  const info = JSON.parse(
    readFileSync(require.resolve('firebase-tools/lib/emulator/downloadableEmulatorInfo.json'), 'utf8'),
  )
  return {
    dir,
    firestoreJar: info.firestore?.downloadPathRelativeToCacheDir ?? null,
    storageJar: info.storage?.downloadPathRelativeToCacheDir ?? null,
  }
}

/** Google Cloud SDK folders: the one `gcloud` on the PATH belongs to, then the usual install places. */
function gcloudRoots(probe) {
  const roots = []
  if (probe.env.CLOUDSDK_ROOT_DIR) roots.push(probe.env.CLOUDSDK_ROOT_DIR)
  for (const dir of (probe.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const gcloud = path.join(dir, 'gcloud')
    if (probe.exists(gcloud)) roots.push(path.dirname(path.dirname(probe.realpath(gcloud))))
  }
  roots.push(
    '/usr/lib/google-cloud-sdk',
    '/usr/share/google-cloud-sdk',
    '/opt/google-cloud-sdk',
    '/snap/google-cloud-sdk/current',
    path.join(probe.home, 'google-cloud-sdk'),
    '/opt/homebrew/share/google-cloud-sdk',
    '/usr/local/share/google-cloud-sdk',
    '/usr/local/Caskroom/google-cloud-sdk/latest/google-cloud-sdk',
  )
  return [...new Set(roots)]
}

function gcloudComponentVersion(probe, root) {
  const snapshot = probe.read(path.join(root, '.install', 'cloud-firestore-emulator.snapshot.json'))
  try {
    const components = JSON.parse(snapshot ?? '').components ?? []
    return components.find((c) => c.id === 'cloud-firestore-emulator')?.version?.version_string ?? null
  } catch {
    return null
  }
}

/**
 * The Firestore emulator to run: one named in FIRESTORE_EMULATOR_BINARY_PATH, firebase-tools' own
 * download (the version it expects, else another one in its cache), or gcloud's component.
 * `launcher`: gcloud's JAR needs the launcher JAR to be started with `java -jar`.
 */
export function findFirestoreEmulator(probe, cache = firebaseToolsCache(probe)) {
  const override = probe.env.FIRESTORE_EMULATOR_BINARY_PATH
  if (override)
    return { jar: override, version: null, from: 'FIRESTORE_EMULATOR_BINARY_PATH', launcher: false }
  if (cache.firestoreJar && probe.exists(path.join(cache.dir, cache.firestoreJar))) {
    const jar = path.join(cache.dir, cache.firestoreJar)
    return {
      jar,
      version: versionInName(cache.firestoreJar),
      from: "firebase-tools' cache",
      launcher: false,
      expected: true,
    }
  }
  const cached = probe
    .list(cache.dir)
    .filter((name) => /^cloud-firestore-emulator-v[\d.]+\.jar$/.test(name))
    .sort((a, b) => compareVersions(versionInName(b), versionInName(a)))[0]
  if (cached)
    return {
      jar: path.join(cache.dir, cached),
      version: versionInName(cached),
      from: "firebase-tools' cache",
      launcher: false,
    }
  for (const root of gcloudRoots(probe)) {
    const jar = path.join(root, GCLOUD_JAR)
    if (probe.exists(jar))
      return {
        jar,
        version: gcloudComponentVersion(probe, root),
        from: `the Google Cloud SDK at ${root}`,
        launcher: true,
      }
  }
  return null
}

function versionInName(name) {
  return /-v([\d.]+)\.jar$/.exec(name)?.[1] ?? null
}

function compareVersions(a, b) {
  const pa = (a ?? '').split('.').map(Number)
  const pb = (b ?? '').split('.').map(Number)
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0)
    if (d !== 0) return d
  }
  return 0
}

/** The Storage emulator's rules runtime, which firebase-tools downloads: here only if already cached. */
export function findStorageRuntime(probe, cache = firebaseToolsCache(probe)) {
  if (probe.env.STORAGE_EMULATOR_BINARY_PATH) return probe.env.STORAGE_EMULATOR_BINARY_PATH
  const jar = cache.storageJar && path.join(cache.dir, cache.storageJar)
  return jar && probe.exists(jar) ? jar : null
}

/** Everything found, and what can run: { java, firestore, storage, firestoreOk, storageOk, why }. */
export function discover(probe = systemProbe()) {
  const cache = firebaseToolsCache(probe)
  const { java, tried } = findJava(probe)
  const firestore = findFirestoreEmulator(probe, cache)
  const storageRuntime = findStorageRuntime(probe, cache)
  const noJava =
    tried.length === 0
      ? `they need Java ${REQUIRED_JAVA} or newer, and no Java was found`
      : `they need Java ${REQUIRED_JAVA} or newer, and this machine has ${tried.map((t) => `Java ${t.version ?? '?'} (${t.home})`).join(', ')}`
  const why = {
    firestore: !java
      ? noJava
      : !firestore
        ? `no Firestore emulator was found (firebase-tools' cache ${cache.dir}, or gcloud's cloud-firestore-emulator component)`
        : null,
    storage: !java
      ? noJava
      : !storageRuntime
        ? `firebase-tools downloads its rules runtime (${cache.storageJar}) into ${cache.dir}, and it is not there`
        : null,
  }
  return {
    java,
    tried,
    firestore,
    storageRuntime,
    cache,
    firestoreOk: why.firestore === null,
    storageOk: why.storage === null,
    why,
  }
}

/** The launcher JAR's manifest: 72-byte lines, longer ones continued on lines starting with a space. */
export function launcherManifest(emulatorJar) {
  const attributes = [
    'Manifest-Version: 1.0',
    `Main-Class: ${FIRESTORE_MAIN_CLASS}`,
    // An absolute file: URL; Class-Path entries are URLs, so spaces and the like are escaped.
    `Class-Path: ${pathToFileURL(emulatorJar).href}`,
    'Created-By: Sunbeam scripts/emulator-env.mjs',
  ]
  const lines = []
  for (const attribute of attributes) {
    const bytes = Buffer.from(attribute, 'utf8')
    lines.push(bytes.subarray(0, 72).toString('latin1'))
    for (let at = 72; at < bytes.length; at += 71)
      lines.push(` ${bytes.subarray(at, at + 71).toString('latin1')}`)
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1')
}

/** Writes (when changed) the launcher JAR for gcloud's emulator JAR; returns its path. */
export function writeLauncher(emulatorJar, cacheDir = path.resolve('node_modules/.cache/sunbeam')) {
  const file = path.join(cacheDir, LAUNCHER_NAME)
  // A fixed date keeps the bytes the same from run to run.
  const jar = zipSync({
    'META-INF/MANIFEST.MF': [launcherManifest(emulatorJar), { mtime: new Date('2020-01-01T00:00:00Z') }],
  })
  const current = existsSync(file) ? readFileSync(file) : null
  if (!current || !Buffer.from(jar).equals(current)) {
    mkdirSync(cacheDir, { recursive: true })
    writeFileSync(file, jar)
  }
  return file
}

/** The environment for firebase-tools (and its `java` children): the found Java first on the PATH. */
export function emulatorEnv(found, baseEnv = process.env, cacheDir) {
  // Local emulators never run on Google's cloud: without this, firebase-tools' credentials lookup asks
  // the metadata server (169.254.169.254), and an answer of 403 printed a warning with a stack trace
  // into the functions' log (scripts/start-stop.test.ts failed on it once in a loaded CI run).
  const env = { METADATA_SERVER_DETECTION: 'none', ...baseEnv, NO_UPDATE_NOTIFIER: '1' }
  if (found.java) {
    env.JAVA_HOME = found.java.home
    env.PATH = [path.dirname(found.java.path), baseEnv.PATH].filter(Boolean).join(path.delimiter)
  }
  if (found.firestoreOk && found.firestore && !found.firestore.expected) {
    env.FIRESTORE_EMULATOR_BINARY_PATH = found.firestore.launcher
      ? writeLauncher(found.firestore.jar, cacheDir)
      : found.firestore.jar
  }
  return env
}

/**
 * The JVM's options for the test runs' emulators (the rules tests', and the browser suite's online world
 * through JAVA_TOOL_OPTIONS): C1's quick compiles only and one GC thread. Their runs are CPU-bound on two
 * cores, and C2 and a parallel GC spent cores the tests needed: the rules step 26 s against 30 s here,
 * the online world ready 2.5 s sooner (docs/decisions/0034). Not for an emulator whose answers are
 * timed (the centre's benchmark) nor `npm start`'s: those keep the JVM's defaults.
 */
export const TEST_JVM_OPTIONS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC']

/** The command that runs the Firestore emulator by itself (no firebase-tools): the rules tests, and
 * scripts/firestore-emulator.mjs. `jvmOptions` go to Java before the emulator's own arguments. */
export function firestoreCommand(
  found,
  { host, port, rules, projectId, singleProject = true, jvmOptions = [] },
) {
  if (!found.firestoreOk || !found.java || !found.firestore) return null
  const jarArgs = found.firestore.launcher
    ? ['-cp', found.firestore.jar, FIRESTORE_MAIN_CLASS]
    : ['-jar', found.firestore.jar]
  return {
    command: found.java.path,
    args: [
      '-Duser.language=en',
      ...jvmOptions,
      ...jarArgs,
      '--host',
      host,
      '--port',
      String(port),
      '--rules',
      rules,
      '--project_id',
      projectId,
      // The rules tests give each file a project of its own: they start it with singleProject false.
      '--single_project_mode',
      String(singleProject),
    ],
  }
}

/** What is used, in a few lines (each starts with 'Emulators:'). */
export function describe(found) {
  const lines = []
  if (found.java)
    lines.push(
      `Emulators: Java ${found.java.version} at ${found.java.home} (found through ${found.java.from}).`,
    )
  if (found.firestoreOk && found.firestore) {
    const version = found.firestore.version ? ` ${found.firestore.version}` : ''
    const how = found.firestore.launcher
      ? `, started through node_modules/.cache/sunbeam/${LAUNCHER_NAME}`
      : ''
    lines.push(
      `Emulators: Firestore emulator${version} from ${found.firestore.from} (${found.firestore.jar})${how}.`,
    )
  } else {
    lines.push(`Emulators: Firestore cannot run here: ${found.why.firestore}.`)
  }
  lines.push(
    found.storageOk
      ? `Emulators: Storage rules runtime ${found.storageRuntime}.`
      : `Emulators: Storage cannot run here: ${found.why.storage}.`,
  )
  return lines
}
