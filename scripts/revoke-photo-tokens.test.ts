// @vitest-environment node
import { describe, expect, it } from 'vitest'
import {
  parseArgs,
  planRevocations,
  revocationPatch,
  revokeTokens,
  summary,
  type TokenBucket,
  tokenCount,
} from './revoke-photo-tokens.mjs'

const KEY = '/secrets/sunbeam-admin.json'
const env = { GOOGLE_APPLICATION_CREDENTIALS: KEY }
const exists = (file: string) => file === KEY

describe('revoke-photo-tokens: when it agrees to run', () => {
  it('runs with an explicit project and a key that exists, as a dry run unless --apply', () => {
    expect(parseArgs(['--project', 'sunbeam-prod'], env, exists)).toEqual({
      ok: true,
      options: {
        project: 'sunbeam-prod',
        bucket: 'sunbeam-prod.appspot.com',
        apply: false,
        credentials: KEY,
      },
    })
    expect(
      parseArgs(
        ['--project=sunbeam-prod', '--bucket', 'sunbeam-prod.firebasestorage.app', '--apply'],
        env,
        exists,
      ),
    ).toEqual({
      ok: true,
      options: {
        project: 'sunbeam-prod',
        bucket: 'sunbeam-prod.firebasestorage.app',
        apply: true,
        credentials: KEY,
      },
    })
  })

  it('refuses without a project, with a malformed one, or with an unknown argument', () => {
    expect(parseArgs([], env, exists)).toMatchObject({
      ok: false,
      message: expect.stringContaining('--project'),
    })
    expect(parseArgs(['--apply'], env, exists)).toMatchObject({ ok: false })
    expect(parseArgs(['--project'], env, exists)).toMatchObject({ ok: false })
    expect(parseArgs(['--project', '--apply'], env, exists)).toMatchObject({ ok: false })
    expect(parseArgs(['--project', 'Sunbeam Prod'], env, exists)).toMatchObject({ ok: false })
    expect(parseArgs(['--project', 'sunbeam-prod', '--bucket'], env, exists)).toMatchObject({ ok: false })
    expect(parseArgs(['--project', 'sunbeam-prod', '--force'], env, exists)).toMatchObject({
      ok: false,
      message: "Unknown argument '--force'.",
    })
  })

  it('refuses without credentials, with a key file that is not there, or with an emulator set', () => {
    expect(parseArgs(['--project', 'sunbeam-prod'], {}, exists)).toMatchObject({
      ok: false,
      message: expect.stringContaining('GOOGLE_APPLICATION_CREDENTIALS'),
    })
    expect(
      parseArgs(['--project', 'sunbeam-prod'], { GOOGLE_APPLICATION_CREDENTIALS: '/nowhere.json' }, exists),
    ).toMatchObject({ ok: false, message: expect.stringContaining('does not exist') })
    expect(
      parseArgs(
        ['--project', 'sunbeam-prod'],
        { ...env, FIREBASE_STORAGE_EMULATOR_HOST: '127.0.0.1:9199' },
        exists,
      ),
    ).toMatchObject({ ok: false, message: expect.stringContaining('emulator') })
  })
})

describe('revoke-photo-tokens: what it changes', () => {
  it('counts the tokens of one object (comma-separated, none when absent)', () => {
    expect(tokenCount({ firebaseStorageDownloadTokens: 'a1' })).toBe(1)
    expect(tokenCount({ firebaseStorageDownloadTokens: 'a1,b2, c3' })).toBe(3)
    expect(tokenCount({ firebaseStorageDownloadTokens: '' })).toBe(0)
    expect(tokenCount({ other: 'x' })).toBe(0)
    expect(tokenCount(undefined)).toBe(0)
    expect(tokenCount(null)).toBe(0)
  })

  it('plans objects under images/ with tokens or a Cache-Control not private, no-store, in name order', () => {
    const privately = 'private, no-store'
    expect(
      planRevocations([
        {
          name: 'images/uid2-b.jpg-R2',
          metadata: { firebaseStorageDownloadTokens: 't2,t3' },
          cacheControl: privately,
        },
        { name: 'images/uid1-My Photo é.jpg-abc', metadata: { firebaseStorageDownloadTokens: 't1' } },
        {
          name: 'images/uid1/c.jpg-R4nd0mId000000000001',
          metadata: { firebaseStorageDownloadTokens: 't4' },
          cacheControl: 'public, max-age=31536000',
        },
        { name: 'images/uid1/d.jpg-R4nd0mId000000000002', metadata: {}, cacheControl: privately },
        { name: 'images/uid3-e.jpg-R5', cacheControl: 'max-age=31536000' },
        { name: 'other/logo.png', metadata: { firebaseStorageDownloadTokens: 't5' } },
      ]),
    ).toEqual([
      { name: 'images/uid1-My Photo é.jpg-abc', tokens: 1, cacheControl: null },
      { name: 'images/uid1/c.jpg-R4nd0mId000000000001', tokens: 1, cacheControl: 'public, max-age=31536000' },
      { name: 'images/uid2-b.jpg-R2', tokens: 2, cacheControl: privately },
      { name: 'images/uid3-e.jpg-R5', tokens: 0, cacheControl: 'max-age=31536000' },
    ])
  })

  it('removes the tokens key and sets private, no-store, nothing else', () => {
    expect(revocationPatch()).toEqual({
      cacheControl: 'private, no-store',
      metadata: { firebaseStorageDownloadTokens: null },
    })
  })

  it('says what a dry run found and what a run with --apply did', () => {
    const planned = [
      { name: 'images/uid1-a.jpg-R1', tokens: 1, cacheControl: 'max-age=31536000' },
      { name: 'images/uid2-b.jpg-R2', tokens: 2, cacheControl: 'private, no-store' },
    ]
    const base = { bucket: 'sunbeam-prod.appspot.com', scanned: 5, planned, revoked: 0, failed: 0 }
    const found =
      "sunbeam-prod.appspot.com: 5 objects under images/, 2 to change: 2 with download tokens (3 tokens), 1 not 'private, no-store'."
    expect(summary({ ...base, apply: false })).toEqual([
      found,
      'Dry run: nothing was changed. Run again with --apply to change these.',
    ])
    expect(summary({ ...base, apply: false, scanned: 1, planned: [] })).toEqual([
      "sunbeam-prod.appspot.com: 1 object under images/, 0 to change: 0 with download tokens (0 tokens), 0 not 'private, no-store'.",
      'Dry run: nothing to revoke.',
    ])
    expect(summary({ ...base, apply: true, revoked: 1, failed: 1 })).toEqual([
      found,
      'Changed 1 object.',
      '1 could not be changed (listed above): run again to retry them.',
    ])
  })
})

describe('revoke-photo-tokens: a run against a bucket', () => {
  /** A bucket as @google-cloud/storage lists it, which records the patches it is sent. */
  function fakeBucket(failing: string[] = []) {
    const objects = new Map<string, { custom: Record<string, unknown>; cacheControl?: string }>([
      [
        'images/uid1-My Photo é.jpg-abc',
        { custom: { firebaseStorageDownloadTokens: 't1,t2' }, cacheControl: 'max-age=31536000' },
      ],
      [
        'images/uid1/a.jpg-R4nd0mId000000000001',
        { custom: { firebaseStorageDownloadTokens: 't3' }, cacheControl: 'private, no-store' },
      ],
      ['images/uid2/b.jpg-R4nd0mId000000000002', { custom: {}, cacheControl: 'private, no-store' }],
    ])
    const patches: [string, unknown][] = []
    const bucket: TokenBucket = {
      async getFiles({ prefix }) {
        const files = [...objects]
          .filter(([name]) => name.startsWith(prefix))
          .map(([name, { custom, cacheControl }]) => ({ name, metadata: { metadata: custom, cacheControl } }))
        return [files]
      },
      file(name) {
        return {
          async setMetadata(patch) {
            if (failing.includes(name)) throw new Error('403 Forbidden')
            patches.push([name, patch])
            const custom = { ...objects.get(name)?.custom }
            for (const [key, value] of Object.entries(patch.metadata)) if (value === null) delete custom[key]
            objects.set(name, { custom, cacheControl: patch.cacheControl })
          },
        }
      },
    }
    const lines: string[] = []
    const out = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) }
    return { bucket, objects, patches, lines, out }
  }

  it('a dry run lists what holds tokens and changes nothing', async () => {
    const { bucket, patches, lines, out } = fakeBucket()
    expect(await revokeTokens(bucket, { bucketName: 'b', apply: false }, out)).toBe(0)
    expect(patches).toEqual([])
    expect(lines).toEqual([
      'Dry run: listing download tokens under gs://b/images/',
      "would revoke 2 tokens, Cache-Control 'max-age=31536000': images/uid1-My Photo é.jpg-abc",
      "would revoke 1 token, Cache-Control 'private, no-store': images/uid1/a.jpg-R4nd0mId000000000001",
      "b: 3 objects under images/, 2 to change: 2 with download tokens (3 tokens), 1 not 'private, no-store'.",
      'Dry run: nothing was changed. Run again with --apply to change these.',
    ])
    expect(lines.join('\n')).not.toMatch(/t1|t2|t3/)
  })

  it('--apply removes the tokens of each, reports a failure, and a second run finds only what is left', async () => {
    const first = fakeBucket(['images/uid1/a.jpg-R4nd0mId000000000001'])
    expect(await revokeTokens(first.bucket, { bucketName: 'b', apply: true }, first.out)).toBe(1)
    expect(first.patches).toEqual([
      [
        'images/uid1-My Photo é.jpg-abc',
        { cacheControl: 'private, no-store', metadata: { firebaseStorageDownloadTokens: null } },
      ],
    ])
    expect(first.objects.get('images/uid1-My Photo é.jpg-abc')).toEqual({
      custom: {},
      cacheControl: 'private, no-store',
    })
    expect(first.lines).toContain(
      "FAILED 1 token, Cache-Control 'private, no-store': images/uid1/a.jpg-R4nd0mId000000000001 (403 Forbidden)",
    )
    expect(first.lines.slice(-2)).toEqual([
      'Changed 1 object.',
      '1 could not be changed (listed above): run again to retry them.',
    ])
  })
})
