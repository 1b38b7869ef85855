// The browser suite's one build, for both of its worlds: npm test builds the app once with the emulator
// ports below (emulatorBuildEnv). In the online world, a real Firestore emulator (with firestore.rules)
// and the Functions emulator answer on them (scripts/online-emulators.mjs, with Auth in the same
// process; playwright.config.ts starts it). In the offline world the same build finds them refusing:
// e2e/fixtures.ts routes every request to those two ports to a refused connection (offlineWorldRefuses),
// as a phone with no server in reach would see. Where Java 21+ or the emulator is missing, or the build
// is, the online tests are skipped with that reason: never passed. Tests read what the server holds through the
// emulator's REST API as its owner (`Authorization: Bearer owner`, which bypasses the rules).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { discover } from '../scripts/emulator-env.mjs'

export const ONLINE_FIRESTORE_PORT = Number(process.env.E2E_FIRESTORE_PORT ?? 8085)
/** The online world's Auth emulator: the offline world's 9099 unless a second copy runs beside it. */
export const ONLINE_AUTH_PORT = Number(process.env.E2E_AUTH_PORT ?? 9099)
/** The online world's Functions emulator (scripts/online-emulators.mjs). */
export const ONLINE_FUNCTIONS_PORT = Number(process.env.E2E_FUNCTIONS_PORT ?? 5011)
/** The build's emulator ports: the app reaches Auth, Firestore and the functions there. */
export const emulatorBuildEnv = {
  VITE_FIREBASE_FIRESTORE_EMULATOR_PORT: String(ONLINE_FIRESTORE_PORT),
  VITE_FIREBASE_AUTH_EMULATOR_PORT: String(ONLINE_AUTH_PORT),
  VITE_FIREBASE_FUNCTIONS_EMULATOR_PORT: String(ONLINE_FUNCTIONS_PORT),
} as const

/**
 * Why the build in `outDir` cannot serve the suite, or null: built with other emulator ports (a plain
 * `npm run build`, as `npm start` makes), its pages would ask ports the suite's servers neither answer
 * nor allow. Vite writes the build's VITE_ variables into its scripts, so the ports are read there.
 */
export function buildPortsProblem(outDir: string): string | null {
  const assets = path.join(outDir, 'assets')
  if (!existsSync(assets)) return null
  const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'))
  const named = (name: string, value: string) =>
    scripts.some((file) =>
      new RegExp(`${name}:["'\`]${value}["'\`]`).test(readFileSync(path.join(assets, file), 'utf8')),
    )
  const wrong = Object.entries(emulatorBuildEnv).filter(([name, value]) => !named(name, value))
  if (wrong.length === 0) return null
  const ports = Object.entries(emulatorBuildEnv)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ')
  return `the build in ${outDir}/ was not made with the browser suite's emulator ports (${wrong.map(([name]) => name).join(', ')}): build it with SUNBEAM_OUT_DIR=${outDir} ${ports} npm run build (npm test does)`
}

/** What the offline world refuses, by routing: Firestore's and the functions' emulators. */
export const offlineWorldRefuses = new RegExp(
  `^http://(127\\.0\\.0\\.1|localhost):(${ONLINE_FIRESTORE_PORT}|${ONLINE_FUNCTIONS_PORT})/`,
)

const DOCUMENTS = `http://127.0.0.1:${ONLINE_FIRESTORE_PORT}/v1/projects/demo-sunbeam/databases/(default)/documents`

export interface OnlineWorld {
  /** Where its build is (served as Hosting serves it, scripts/hosting-server.mjs). */
  readonly outDir: string
  /** Why the online tests cannot run here, or null when they can. */
  readonly notRun: string | null
}

export function onlineWorld(): OnlineWorld {
  const outDir = process.env.SUNBEAM_OUT_DIR ?? 'dist'
  const found = discover()
  const ports = Object.entries(emulatorBuildEnv)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ')
  const build = `SUNBEAM_OUT_DIR=${outDir} ${ports} npm run build`
  const notRun = !found.firestoreOk
    ? `the Firestore emulator cannot run here: ${found.why.firestore}`
    : !existsSync(path.join(outDir, 'app-shell.html'))
      ? `no build in ${outDir}/ (npm test makes it: ${build})`
      : !existsSync('functions/lib/index.js')
        ? 'no functions build in functions/lib/ (npm run build makes it)'
        : null
  return { outDir, notRun }
}

// --- What the server holds (the emulator's REST API, as its owner) ---

/** A Firestore REST value. */
export interface RestValue {
  stringValue?: string
  booleanValue?: boolean
  integerValue?: string
  timestampValue?: string
  nullValue?: null
  arrayValue?: { values?: RestValue[] }
  mapValue?: { fields?: Record<string, RestValue> }
}

export interface ServerDocument {
  readonly name: string
  readonly fields: Record<string, RestValue>
  /** When the server made the document, and last wrote it: the same when it was written once. */
  readonly createTime?: string
  readonly updateTime?: string
}

const owner = { Authorization: 'Bearer owner' }

/** The document at `docPath` ('kids/abc', 'users/uid'), or null when the server has none. */
export async function serverDocument(docPath: string): Promise<ServerDocument | null> {
  const response = await fetch(`${DOCUMENTS}/${docPath}`, { headers: owner })
  if (response.status === 404) return null
  if (!response.ok) throw new Error(`GET ${docPath}: ${response.status} ${await response.text()}`)
  const body = (await response.json()) as {
    name: string
    fields?: Record<string, RestValue>
    createTime?: string
    updateTime?: string
  }
  return {
    name: body.name,
    fields: body.fields ?? {},
    createTime: body.createTime,
    updateTime: body.updateTime,
  }
}

/** The documents of `collection` whose `field` equals `value` (a string). */
export async function serverQuery(
  collection: string,
  field: string,
  value: string,
): Promise<ServerDocument[]> {
  const response = await fetch(`${DOCUMENTS}:runQuery`, {
    method: 'POST',
    headers: { ...owner, 'content-type': 'application/json' },
    body: JSON.stringify({
      structuredQuery: {
        from: [{ collectionId: collection }],
        where: { fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value: { stringValue: value } } },
      },
    }),
  })
  if (!response.ok) throw new Error(`runQuery ${collection}: ${response.status} ${await response.text()}`)
  const rows = (await response.json()) as {
    document?: { name: string; fields?: Record<string, RestValue> }
  }[]
  return rows.flatMap((row) =>
    row.document ? [{ name: row.document.name, fields: row.document.fields ?? {} }] : [],
  )
}

/** Writes a document as the owner would (no rules): the server state a test starts from. */
export async function putServerDocument(docPath: string, fields: Record<string, RestValue>): Promise<void> {
  const response = await fetch(`${DOCUMENTS}/${docPath}`, {
    method: 'PATCH',
    headers: { ...owner, 'content-type': 'application/json' },
    body: JSON.stringify({ fields }),
  })
  if (!response.ok) throw new Error(`PATCH ${docPath}: ${response.status} ${await response.text()}`)
}

/** A REST value as a plain one: text, true/false, lists; a timestamp as 'timestamp'. */
/** Deletes a document as the owner would (no rules): a change made on another device or in the console. */
export async function deleteServerDocument(docPath: string): Promise<void> {
  const response = await fetch(`${DOCUMENTS}/${docPath}`, { method: 'DELETE', headers: owner })
  if (!response.ok) throw new Error(`DELETE ${docPath}: ${response.status} ${await response.text()}`)
}

export function plain(value: RestValue | undefined): unknown {
  if (value === undefined) return undefined
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(plain)
  if (value.mapValue)
    return Object.fromEntries(Object.entries(value.mapValue.fields ?? {}).map(([k, v]) => [k, plain(v)]))
  if (value.timestampValue !== undefined) return 'timestamp'
  if (value.integerValue !== undefined) return Number(value.integerValue)
  if ('nullValue' in value) return null
  return value.stringValue ?? value.booleanValue
}

export function plainFields(document: ServerDocument): Record<string, unknown> {
  return Object.fromEntries(Object.entries(document.fields).map(([key, value]) => [key, plain(value)]))
}

/** The documents of a collection (`users/{uid}/notices`), as the owner reads them. */
export async function serverCollection(collectionPath: string): Promise<ServerDocument[]> {
  const response = await fetch(`${DOCUMENTS}/${collectionPath}?pageSize=300`, { headers: owner })
  if (!response.ok) throw new Error(`GET ${collectionPath}: ${response.status} ${await response.text()}`)
  const body = (await response.json()) as {
    documents?: { name: string; fields?: Record<string, RestValue> }[]
  }
  return (body.documents ?? []).map((doc) => ({ name: doc.name, fields: doc.fields ?? {} }))
}

/** One e-mail the functions sent, as the world's SMTP catcher kept it (scripts/smtp-catcher.mjs). */
export interface CaughtMail {
  readonly to: string[]
  readonly from: string
  readonly subject: string
  readonly text: string
  readonly html: string
  readonly links: string[]
  readonly headers: Record<string, string>
}

/** Every e-mail the online world's catcher holds (scripts/online-emulators.mjs writes the file). */
export function caughtMail(): CaughtMail[] {
  const file = `test-results/mail-${ONLINE_FIRESTORE_PORT}.jsonl`
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CaughtMail)
}

/** The address the online world's functions send the centre's e-mails to. */
export const CENTRE_ADDRESS = 'centre@sunbeam.test'

/** The push stand-in's key and certificate, made by scripts/online-emulators.mjs and trusted by the functions. */
export function pushStandInTls(): { key: Buffer; cert: Buffer } {
  const folder = `test-results/push-stand-in-${ONLINE_FIRESTORE_PORT}`
  return { key: readFileSync(`${folder}/key.pem`), cert: readFileSync(`${folder}/cert.pem`) }
}
