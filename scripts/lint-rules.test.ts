// @vitest-environment node
// The layer rules of biome.json hold for what they say (docs/decisions/0001): a trial import cycle made
// only of type imports fails the lint that `npm test` runs (Biome's noImportCycles ignores type imports
// unless told not to).
import { spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

let dir = ''
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

function lint(path: string) {
  return spawnSync('npx', ['biome', 'lint', path], { encoding: 'utf8' })
}

describe('biome.json', () => {
  it('fails an import cycle made of type imports alone, and passes the same files without it', async () => {
    // Inside the project, so its biome.json applies.
    dir = await mkdtemp(join(process.cwd(), 'src', 'cycle-trial-'))
    await writeFile(join(dir, 'a.ts'), "import type { B } from './b'\n\nexport interface A {\n  b?: B\n}\n")
    await writeFile(join(dir, 'b.ts'), "import type { A } from './a'\n\nexport interface B {\n  a?: A\n}\n")
    const cyclic = lint(relative(process.cwd(), dir))
    expect(cyclic.status).not.toBe(0)
    expect(`${cyclic.stdout}${cyclic.stderr}`).toContain('noImportCycles')

    await writeFile(join(dir, 'b.ts'), 'export interface B {\n  n?: number\n}\n')
    const acyclic = lint(relative(process.cwd(), dir))
    expect(`${acyclic.stdout}${acyclic.stderr}`).not.toContain('noImportCycles')
    expect(acyclic.status).toBe(0)
  }, 60_000)
})
