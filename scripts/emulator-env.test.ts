// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { strFromU8, unzipSync } from 'fflate'
import { afterEach, describe, expect, it } from 'vitest'
import {
  discover,
  emulatorEnv,
  FIRESTORE_MAIN_CLASS,
  firebaseToolsCache,
  firestoreCommand,
  launcherManifest,
  type Probe,
  parseJavaMajor,
  TEST_JVM_OPTIONS,
  writeLauncher,
} from './emulator-env.mjs'

/** A machine made of files (path -> content), symlinks (path -> target) and `java -version` outputs. */
function machine({
  files = {},
  links = {},
  versions = {},
  env = {},
}: {
  files?: Record<string, string>
  links?: Record<string, string>
  versions?: Record<string, string>
  env?: Record<string, string>
}): Probe & { spawned: string[] } {
  const spawned: string[] = []
  const all = [...Object.keys(files), ...Object.keys(links)]
  return {
    env: { PATH: '/usr/bin', ...env },
    home: '/home/ada',
    spawned,
    exists: (file) => all.some((known) => known === file || known.startsWith(`${file}/`)),
    list: (dir) => [
      ...new Set(
        all
          .filter((known) => known.startsWith(`${dir}/`))
          .map((known) => known.slice(dir.length + 1).split('/')[0] ?? ''),
      ),
    ],
    read: (file) => files[file] ?? null,
    realpath: (file) => links[file] ?? file,
    javaVersionOutput: (java) => {
      spawned.push(java)
      return versions[java] ?? null
    },
  }
}

const jdk = (home: string, version: string) => ({
  [`${home}/bin/java`]: '',
  [`${home}/release`]: `IMPLEMENTOR="X"\nJAVA_VERSION="${version}"\n`,
})
const GCLOUD_JAR = '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar'
const realCache = (home = '/home/ada') => ({
  ...firebaseToolsCache(machine({})),
  dir: `${home}/.cache/firebase/emulators`,
})

describe('parseJavaMajor', () => {
  it('reads java -version output and release files, old 1.x numbering included', () => {
    expect(parseJavaMajor('openjdk version "25" 2025-09-16')).toBe(25)
    expect(parseJavaMajor('openjdk version "21.0.2" 2024-01-16 LTS')).toBe(21)
    expect(parseJavaMajor('java version "1.8.0_292"')).toBe(8)
    expect(parseJavaMajor('JAVA_VERSION="17.0.15"')).toBe(17)
    expect(parseJavaMajor('no java here')).toBeNull()
  })
})

describe('finding Java 21 or newer', () => {
  it("passes over the PATH's Java 17 to a JDK 25 in /usr/lib/jvm, reading release files only", () => {
    const probe = machine({
      files: {
        ...jdk('/usr/lib/jvm/java-17-openjdk-amd64', '17.0.15'),
        ...jdk('/usr/lib/jvm/temurin-25-jdk-amd64', '25.0.3'),
      },
      links: { '/usr/bin/java': '/usr/lib/jvm/java-17-openjdk-amd64/bin/java' },
    })
    const found = discover(probe)
    expect(found.java).toEqual({
      path: '/usr/lib/jvm/temurin-25-jdk-amd64/bin/java',
      home: '/usr/lib/jvm/temurin-25-jdk-amd64',
      version: 25,
      from: '/usr/lib/jvm',
    })
    expect(found.tried.map((t) => t.version)).toEqual([17, 25])
    expect(probe.spawned).toEqual([])
  })

  it('takes JAVA_HOME first, and asks `java -version` when there is no release file', () => {
    const probe = machine({
      files: { '/opt/jdk21/bin/java': '', ...jdk('/usr/lib/jvm/temurin-25-jdk-amd64', '25') },
      versions: { '/opt/jdk21/bin/java': 'openjdk version "21.0.5" 2024-10-15' },
      env: { JAVA_HOME: '/opt/jdk21' },
    })
    expect(discover(probe).java).toMatchObject({
      path: '/opt/jdk21/bin/java',
      version: 21,
      from: 'JAVA_HOME',
    })
    expect(probe.spawned).toEqual(['/opt/jdk21/bin/java'])
  })

  it('finds macOS JDKs', () => {
    const home = '/Library/Java/JavaVirtualMachines/temurin-21.jdk/Contents/Home'
    expect(discover(machine({ files: jdk(home, '21.0.1') })).java?.home).toBe(home)
  })

  it('with only Java 17 nothing Java-based can run, and the reason names what was found', () => {
    const found = discover(machine({ files: { ...jdk('/usr/lib/jvm/java-17', '17.0.1'), [GCLOUD_JAR]: '' } }))
    expect(found.java).toBeNull()
    expect(found.firestoreOk).toBe(false)
    expect(found.storageOk).toBe(false)
    expect(found.why.firestore).toBe(
      'they need Java 21 or newer, and this machine has Java 17 (/usr/lib/jvm/java-17)',
    )
    expect(discover(machine({})).why.firestore).toBe('they need Java 21 or newer, and no Java was found')
  })
})

describe('finding the Firestore emulator', () => {
  const java = jdk('/usr/lib/jvm/jdk-21', '21')

  it("uses firebase-tools' own download as it is when the expected version is cached", () => {
    const cache = realCache()
    const jar = `${cache.dir}/${cache.firestoreJar}`
    const found = discover(machine({ files: { ...java, [jar]: '', [GCLOUD_JAR]: '' } }))
    expect(found.firestore).toMatchObject({ jar, launcher: false, expected: true })
    expect(emulatorEnv(found, { PATH: '/usr/bin' }).FIRESTORE_EMULATOR_BINARY_PATH).toBeUndefined()
  })

  it('tells firebase-tools not to look for a cloud metadata server, unless the environment says', () => {
    const found = discover(machine({ files: { ...java } }))
    expect(emulatorEnv(found, { PATH: '/usr/bin' }).METADATA_SERVER_DETECTION).toBe('none')
    expect(
      emulatorEnv(found, { PATH: '/usr/bin', METADATA_SERVER_DETECTION: 'ping-only' })
        .METADATA_SERVER_DETECTION,
    ).toBe('ping-only')
  })

  it('points firebase-tools at another cached version, the newest', () => {
    const dir = realCache().dir
    const found = discover(
      machine({
        files: {
          ...java,
          [`${dir}/cloud-firestore-emulator-v1.9.0.jar`]: '',
          [`${dir}/cloud-firestore-emulator-v1.18.2.jar`]: '',
        },
      }),
    )
    expect(found.firestore).toMatchObject({
      jar: `${dir}/cloud-firestore-emulator-v1.18.2.jar`,
      version: '1.18.2',
      launcher: false,
    })
    expect(emulatorEnv(found, { PATH: '/usr/bin' }).FIRESTORE_EMULATOR_BINARY_PATH).toBe(
      `${dir}/cloud-firestore-emulator-v1.18.2.jar`,
    )
  })

  it('finds gcloud’s component through the gcloud on the PATH, with its version', () => {
    const sdk = '/opt/tools/google-cloud-sdk'
    const found = discover(
      machine({
        files: {
          ...java,
          [`${sdk}/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar`]: '',
          [`${sdk}/.install/cloud-firestore-emulator.snapshot.json`]: JSON.stringify({
            components: [{ id: 'cloud-firestore-emulator', version: { version_string: '1.19.9' } }],
          }),
          [`${sdk}/bin/gcloud`]: '',
        },
        links: { '/usr/local/bin/gcloud': `${sdk}/bin/gcloud` },
        env: { PATH: '/usr/local/bin:/usr/bin' },
      }),
    )
    expect(found.firestore).toEqual({
      jar: `${sdk}/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar`,
      version: '1.19.9',
      from: `the Google Cloud SDK at ${sdk}`,
      launcher: true,
    })
  })

  it('says where it looked when there is none', () => {
    const found = discover(machine({ files: java }))
    expect(found.firestoreOk).toBe(false)
    expect(found.why.firestore).toContain("no Firestore emulator was found (firebase-tools' cache")
  })

  it('Storage runs only where its rules runtime is already in the cache', () => {
    const cache = realCache()
    expect(discover(machine({ files: java })).why.storage).toBe(
      `firebase-tools downloads its rules runtime (${cache.storageJar}) into ${cache.dir}, and it is not there`,
    )
    const ready = discover(machine({ files: { ...java, [`${cache.dir}/${cache.storageJar}`]: '' } }))
    expect(ready.storageOk).toBe(true)
  })
})

describe('the launcher JAR and the commands', () => {
  let dir = ''
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('writes a manifest in 72-byte lines naming the main class and the emulator JAR as a URL', () => {
    const manifest = launcherManifest(
      '/opt/my sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar',
    )
    const lines = manifest.toString('latin1').split('\r\n')
    expect(lines.every((line) => Buffer.byteLength(line, 'latin1') <= 72)).toBe(true)
    const joined = manifest.toString('latin1').replace(/\r\n /g, '')
    expect(joined).toContain(`Main-Class: ${FIRESTORE_MAIN_CLASS}\r\n`)
    expect(joined).toContain(
      'Class-Path: file:///opt/my%20sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar\r\n',
    )
    expect(joined.endsWith('\r\n\r\n')).toBe(true)
  })

  it('writes the launcher once, and firebase-tools gets it with the found Java first on its PATH', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sunbeam-launcher-'))
    const found = discover(machine({ files: { ...jdk('/usr/lib/jvm/jdk-25', '25'), [GCLOUD_JAR]: '' } }))
    const env = emulatorEnv(found, { PATH: '/usr/bin' }, dir)
    const launcher = path.join(dir, 'firestore-emulator-launcher.jar')
    expect(env).toMatchObject({
      PATH: `/usr/lib/jvm/jdk-25/bin${path.delimiter}/usr/bin`,
      JAVA_HOME: '/usr/lib/jvm/jdk-25',
      FIRESTORE_EMULATOR_BINARY_PATH: launcher,
    })
    const entries = unzipSync(readFileSync(launcher))
    expect(Object.keys(entries)).toEqual(['META-INF/MANIFEST.MF'])
    expect(strFromU8(entries['META-INF/MANIFEST.MF'] ?? new Uint8Array())).toContain(FIRESTORE_MAIN_CLASS)
    const written = statSync(launcher).mtimeMs
    expect(writeLauncher(GCLOUD_JAR, dir)).toBe(launcher)
    expect(statSync(launcher).mtimeMs).toBe(written)
  })

  it('runs the emulator by itself with the host, port, rules and project it is given', () => {
    const found = discover(machine({ files: { ...jdk('/usr/lib/jvm/jdk-25', '25'), [GCLOUD_JAR]: '' } }))
    expect(
      firestoreCommand(found, {
        host: '127.0.0.1',
        port: 8085,
        rules: '/repo/firestore.rules',
        projectId: 'demo-sunbeam',
      }),
    ).toEqual({
      command: '/usr/lib/jvm/jdk-25/bin/java',
      args: [
        '-Duser.language=en',
        '-cp',
        GCLOUD_JAR,
        FIRESTORE_MAIN_CLASS,
        '--host',
        '127.0.0.1',
        '--port',
        '8085',
        '--rules',
        '/repo/firestore.rules',
        '--project_id',
        'demo-sunbeam',
        '--single_project_mode',
        'true',
      ],
    })
    expect(
      firestoreCommand(found, {
        host: 'h',
        port: 1,
        rules: 'r',
        projectId: 'p',
        singleProject: false,
      })?.args.slice(-2),
    ).toEqual(['--single_project_mode', 'false'])
    // The rules tests' JVM options go before the emulator's class; without them, Java's defaults.
    expect(
      firestoreCommand(found, {
        host: 'h',
        port: 1,
        rules: 'r',
        projectId: 'p',
        jvmOptions: TEST_JVM_OPTIONS,
      })?.args.slice(0, 4),
    ).toEqual(['-Duser.language=en', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-cp'])
    expect(
      firestoreCommand(discover(machine({})), { host: 'h', port: 1, rules: 'r', projectId: 'p' }),
    ).toBeNull()
  })
})
