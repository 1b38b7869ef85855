#!/usr/bin/env node
// One-off: revokes the download tokens of every photo under images/ in the project's bucket. Photos
// uploaded before photos became private were handed out as download addresses with a token, which any
// holder can fetch for ever without signing in; removing the object's `firebaseStorageDownloadTokens`
// metadata makes every such address answer 403 (the app reads photos with the parent's credentials and
// needs no token). It also sets each photo's Cache-Control to `private, no-store`, as the app uploads
// them: legacy photos were uploaded with `max-age=31536000` (public), which let shared caches keep them
// for a year. docs/decisions/0008-private-photos.md, "Photos before private photos".
//
//   GOOGLE_APPLICATION_CREDENTIALS=key.json node scripts/revoke-photo-tokens.mjs --project ID [--bucket NAME] [--apply]
//
// A dry run unless --apply: it lists what it would change. It refuses to run without an explicit
// project and a service account key, so it never acts on a project picked up from the environment.
// It prints paths and token counts, never the tokens themselves.
import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

export const PHOTO_PREFIX = 'images/'
export const TOKENS_KEY = 'firebaseStorageDownloadTokens'
/** The Cache-Control of every photo, as the app uploads it: no shared cache, no copy kept. */
export const PRIVATE_CACHE = 'private, no-store'

export const USAGE =
  'Usage: GOOGLE_APPLICATION_CREDENTIALS=<service account key.json> node scripts/revoke-photo-tokens.mjs --project <project id> [--bucket <bucket>] [--apply]'

/**
 * The options from the command line and environment, or why the script refuses to run. `fileExists`
 * checks the credentials file (the tests pass their own).
 */
export function parseArgs(argv, env, fileExists = existsSync) {
  let project = null
  let bucket = null
  let apply = false
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]
    // --name value, or --name=value.
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1
    const name = eq > 0 ? arg.slice(0, eq) : arg
    const inline = eq > 0 ? arg.slice(eq + 1) : null
    const value = () => {
      const next = inline ?? argv[i + 1]
      if (inline === null) i += 1
      return next === undefined || next.startsWith('--') ? '' : next
    }
    if (name === '--apply') apply = true
    else if (name === '--project') project = value()
    else if (name === '--bucket') bucket = value()
    else return { ok: false, message: `Unknown argument '${arg}'.` }
  }
  if (!project) return { ok: false, message: 'Name the project: --project <project id>.' }
  if (!/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/.test(project))
    return { ok: false, message: `'${project}' is not a Firebase project id.` }
  if (bucket === '') return { ok: false, message: '--bucket needs a bucket name.' }
  const credentials = env.GOOGLE_APPLICATION_CREDENTIALS
  if (!credentials)
    return {
      ok: false,
      message: 'Set GOOGLE_APPLICATION_CREDENTIALS to a service account key of that project.',
    }
  if (!fileExists(credentials))
    return {
      ok: false,
      message: `GOOGLE_APPLICATION_CREDENTIALS names '${credentials}', which does not exist.`,
    }
  if (env.FIREBASE_STORAGE_EMULATOR_HOST || env.STORAGE_EMULATOR_HOST)
    return {
      ok: false,
      message: 'A Storage emulator is set in the environment: unset it to act on the project.',
    }
  return {
    ok: true,
    options: { project, bucket: bucket ?? `${project}.appspot.com`, apply, credentials },
  }
}

/** How many download tokens an object's custom metadata holds (comma-separated in one value). */
export function tokenCount(customMetadata) {
  const tokens = customMetadata?.[TOKENS_KEY]
  if (typeof tokens !== 'string') return 0
  return tokens.split(',').filter((token) => token.trim() !== '').length
}

/**
 * The objects under images/ that hold download tokens or another Cache-Control than PRIVATE_CACHE (none
 * set included), in name order, with how many tokens each holds and its Cache-Control.
 */
export function planRevocations(objects) {
  return objects
    .filter((object) => object.name.startsWith(PHOTO_PREFIX))
    .map((object) => ({
      name: object.name,
      tokens: tokenCount(object.metadata),
      cacheControl: object.cacheControl ?? null,
    }))
    .filter((entry) => entry.tokens > 0 || entry.cacheControl !== PRIVATE_CACHE)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

/**
 * The metadata patch: removes an object's tokens (a custom key set to null is removed) and makes it
 * `private, no-store`.
 */
export function revocationPatch() {
  return { cacheControl: PRIVATE_CACHE, metadata: { [TOKENS_KEY]: null } }
}

/** What the run says at the end. */
export function summary({ bucket, apply, scanned, planned, revoked, failed }) {
  const tokens = planned.reduce((sum, entry) => sum + entry.tokens, 0)
  const lines = [
    `${bucket}: ${scanned} object${scanned === 1 ? '' : 's'} under ${PHOTO_PREFIX}, ${planned.length} to change: ${planned.filter((entry) => entry.tokens > 0).length} with download tokens (${tokens} token${tokens === 1 ? '' : 's'}), ${planned.filter((entry) => entry.cacheControl !== PRIVATE_CACHE).length} not '${PRIVATE_CACHE}'.`,
  ]
  if (!apply) {
    lines.push(
      planned.length === 0
        ? 'Dry run: nothing to revoke.'
        : 'Dry run: nothing was changed. Run again with --apply to change these.',
    )
  } else {
    lines.push(`Changed ${revoked} object${revoked === 1 ? '' : 's'}.`)
    if (failed > 0) lines.push(`${failed} could not be changed (listed above): run again to retry them.`)
  }
  return lines
}

/**
 * Lists the objects under images/ of `bucket` (a @google-cloud/storage Bucket, or anything with its
 * getFiles and file(name).setMetadata), then removes their tokens if `apply`, reporting each line to
 * `out`. Resolves with how many could not be changed.
 */
export async function revokeTokens(bucket, { bucketName, apply }, out = console) {
  out.log(
    `${apply ? 'Revoking' : 'Dry run: listing'} download tokens under gs://${bucketName}/${PHOTO_PREFIX}`,
  )
  // The listing carries each object's metadata: no extra read per object.
  const [files] = await bucket.getFiles({ prefix: PHOTO_PREFIX, autoPaginate: true })
  const planned = planRevocations(
    files.map((file) => ({
      name: file.name,
      metadata: file.metadata?.metadata,
      cacheControl: file.metadata?.cacheControl,
    })),
  )
  let revoked = 0
  let failed = 0
  for (const entry of planned) {
    const what = `${entry.tokens} token${entry.tokens === 1 ? '' : 's'}, Cache-Control '${entry.cacheControl ?? 'none'}': ${entry.name}`
    if (!apply) {
      out.log(`would revoke ${what}`)
      continue
    }
    try {
      await bucket.file(entry.name).setMetadata(revocationPatch())
      revoked += 1
      out.log(`revoked ${what}`)
    } catch (error) {
      failed += 1
      out.error(`FAILED ${what} (${error instanceof Error ? error.message : String(error)})`)
    }
  }
  for (const line of summary({ bucket: bucketName, apply, scanned: files.length, planned, revoked, failed }))
    out.log(line)
  return failed
}

async function main() {
  const parsed = parseArgs(process.argv.slice(2), process.env)
  if (!parsed.ok) {
    console.error(`revoke-photo-tokens: ${parsed.message}\n${USAGE}`)
    process.exit(2)
  }
  const { project, bucket: bucketName, apply } = parsed.options
  // Loaded here, so the tests of the parts above need no credentials and no network.
  const { applicationDefault, initializeApp } = await import('firebase-admin/app')
  const { getStorage } = await import('firebase-admin/storage')
  const app = initializeApp({
    credential: applicationDefault(),
    projectId: project,
    storageBucket: bucketName,
  })
  const failed = await revokeTokens(getStorage(app).bucket(bucketName), { bucketName, apply })
  process.exit(failed > 0 ? 1 : 0)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(`revoke-photo-tokens: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  })
}
