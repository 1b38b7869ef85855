// @vitest-environment node
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { committedConfigFor } from './csp-hashes.mjs'

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
const policy = (extra = '') =>
  `default-src 'none'; script-src 'self'${extra}; style-src 'self'; connect-src 'self'; frame-ancestors 'none'`

let dir = ''
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

async function project(policyValue: string) {
  dir = await mkdtemp(join(tmpdir(), 'csp-hashes-'))
  await mkdir(join(dir, 'dist'))
  await writeFile(join(dir, 'dist', 'index.html'), '<html><script>start()</script><style>b{}</style></html>')
  // Hand-formatted, as the committed file is: only the policy's value may change.
  const text = `{
  "hosting": {
    "public": "dist",
    "rewrites": [{ "source": "/x", "destination": "/index.html" }],
    "headers": [
      {
        "source": "**",
        "headers": [
          { "key": "Content-Security-Policy", "value": ${JSON.stringify(policyValue)} },
          { "key": "X-Content-Type-Options", "value": "nosniff" }
        ]
      }
    ]
  }
}
`
  await writeFile(join(dir, 'firebase.json'), text)
  return { firebaseJson: join(dir, 'firebase.json'), outDir: join(dir, 'dist'), text }
}

describe("firebase.json's committed policy", () => {
  it("is stale without the build's hashes, and gets exactly them, the rest of the text untouched", async () => {
    const { firebaseJson, outDir, text } = await project(policy(" 'sha256-old='"))
    const { text: next, stale } = await committedConfigFor({ firebaseJson, outDir })
    expect(stale).toBe(true)
    const config = JSON.parse(next)
    const value: string = config.hosting.headers[0].headers[0].value
    expect(value).toContain(`script-src 'self' ${sha('start()')}`)
    expect(value).toContain(sha('b{}'))
    expect(value).not.toContain('sha256-old=')
    // One line changed: the policy's.
    const changed = next.split('\n').filter((line, index) => line !== text.split('\n')[index])
    expect(changed).toHaveLength(1)
    expect(changed[0]).toContain('Content-Security-Policy')
  })

  it('is up to date once written (control: the same check on the written text)', async () => {
    const first = await project(policy())
    const { text } = await committedConfigFor(first)
    await writeFile(first.firebaseJson, text)
    expect(await committedConfigFor(first)).toEqual({ text, stale: false })
  })
})
