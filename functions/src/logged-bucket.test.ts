// @vitest-environment node
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loggedBucket } from './logged-bucket'

describe('the logged bucket (no Storage emulator)', () => {
  it('writes each call as one JSON line, and holds no object', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'bucket-')), 'log.jsonl')
    const bucket = loggedBucket(file, () => 5)
    await bucket.deleteFolder('images/u1/')
    await bucket.delete('images/u1/a.jpg')
    expect(await bucket.list('images/')).toEqual([])
    expect(
      readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { op: 'deleteFolder', path: 'images/u1/', at: 5 },
      { op: 'delete', path: 'images/u1/a.jpg', at: 5 },
    ])
  })
})
