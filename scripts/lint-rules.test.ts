// @vitest-environment node
// The layer rules of biome.json hold for what they say (docs/decisions/0001): a trial import cycle made
// only of type imports fails the lint that `npm test` runs (Biome's noImportCycles ignores type imports
// unless told not to), and so does a feature importing another (lint/feature-imports.grit), in a
// feature folder that did not exist when the rule was written as in one that did, and so does app or
// browser-suite code importing the test support (lint/testing-imports.grit), which tests may import,
// and so does app code reaching inside the parent area past its entries (lint/parent-entry.grit).
import { spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

let dir = ''
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

const biome = join(process.cwd(), 'node_modules', '.bin', 'biome')

/**
 * Biome's lint of these paths. Without noImportCycles unless asked: that rule has Biome scan the whole
 * project first (5.5 s a run here, against 0.8 s without it), and only the cycle test needs it.
 */
function lint(...paths: string[]) {
  return spawnSync(biome, ['lint', '--skip=suspicious/noImportCycles', ...paths], { encoding: 'utf8' })
}

function lintWithCycles(...paths: string[]) {
  return spawnSync(biome, ['lint', ...paths], { encoding: 'utf8' })
}

describe('biome.json', () => {
  it('fails an import cycle made of type imports alone, and passes the same files without it', async () => {
    // Inside the project, so its biome.json applies.
    dir = await mkdtemp(join(process.cwd(), 'src', 'cycle-trial-'))
    await writeFile(join(dir, 'a.ts'), "import type { B } from './b'\n\nexport interface A {\n  b?: B\n}\n")
    await writeFile(join(dir, 'b.ts'), "import type { A } from './a'\n\nexport interface B {\n  a?: A\n}\n")
    const cyclic = lintWithCycles(relative(process.cwd(), dir))
    expect(cyclic.status).not.toBe(0)
    expect(`${cyclic.stdout}${cyclic.stderr}`).toContain('noImportCycles')

    await writeFile(join(dir, 'b.ts'), 'export interface B {\n  n?: number\n}\n')
    const acyclic = lintWithCycles(relative(process.cwd(), dir))
    expect(`${acyclic.stdout}${acyclic.stderr}`).not.toContain('noImportCycles')
    expect(acyclic.status).toBe(0)
  }, 60_000)

  it('fails a feature importing another feature or the app layer, for any feature folder', async () => {
    dir = await mkdtemp(join(process.cwd(), 'src', 'trialfeature-'))
    const feature = relative(join(process.cwd(), 'src'), dir)
    const importing = (source: string) => `import { value } from '${source}'\n\nexport const copy = value\n`
    const refusals = [
      ['other-feature.ts', '#parent/children/kids-view'],
      ['other-type.ts', '#centre/centre-store'],
      ['app-layer.ts', '#app/router'],
      ['other-entry.ts', '#parent'],
    ] as const
    for (const [file, source] of refusals) await writeFile(join(dir, file), importing(source))
    const refused = lint(relative(process.cwd(), dir))
    expect(refused.status).not.toBe(0)
    const report = `${refused.stdout}${refused.stderr}`
    for (const [file, source] of refusals)
      expect(report, `${feature}/${file} imports ${source}`).toContain(file)
    expect(report.split('A feature imports src/shared and its own files').length - 1).toBe(refusals.length)

    // Its own files (by name) and src/shared are its to import; a test may also assemble the app.
    await rm(dir, { recursive: true, force: true })
    dir = await mkdtemp(join(process.cwd(), 'src', 'trialfeature-'))
    const own = relative(join(process.cwd(), 'src'), dir)
    await writeFile(join(dir, 'value.ts'), 'export const value = 1\n')
    await writeFile(join(dir, 'own.ts'), importing(`#${own}/value`))
    await writeFile(join(dir, 'shared.ts'), importing('#shared/config/site-config'))
    await writeFile(join(dir, 'assembled.test.ts'), importing('#app/router'))
    const allowed = lint(relative(process.cwd(), dir))
    expect(`${allowed.stdout}${allowed.stderr}`).not.toContain('A feature imports src/shared')
  }, 60_000)

  it('fails app code and the browser suite importing the test support, and passes tests that do', async () => {
    dir = await mkdtemp(join(process.cwd(), 'src', 'trialwall-'))
    const importing = (source: string) => `import { value } from '${source}'\n\nexport const copy = value\n`
    const refusals = [
      ['by-name.ts', '#testing/backend/fake-backend'],
      ['a-screen.tsx', '#testing/screens/render-route'],
      ['by-path.ts', '../testing/timeouts'],
    ] as const
    for (const [file, source] of refusals) await writeFile(join(dir, file), importing(source))
    // The browser suite drives the production build: it needs none of it either.
    const spec = join(process.cwd(), 'e2e', `trialwall-${process.pid}.spec.ts`)
    await writeFile(spec, importing('#testing/kids/kids-world'))
    try {
      const refused = lint(relative(process.cwd(), dir), relative(process.cwd(), spec))
      const report = `${refused.stdout}${refused.stderr}`
      expect(refused.status).not.toBe(0)
      for (const [file] of refusals) expect(report, file).toContain(file)
      expect(report).toContain(relative(process.cwd(), spec))
      expect(report.split('Only tests import the test support').length - 1).toBe(refusals.length + 1)
    } finally {
      await rm(spec, { force: true })
    }

    // The same imports in test files are theirs to make.
    await rm(dir, { recursive: true, force: true })
    dir = await mkdtemp(join(process.cwd(), 'src', 'trialwall-'))
    await writeFile(join(dir, 'by-name.test.ts'), importing('#testing/backend/fake-backend'))
    await writeFile(join(dir, 'a-screen.test.tsx'), importing('#testing/screens/render-route'))
    const allowed = lint(relative(process.cwd(), dir))
    expect(`${allowed.stdout}${allowed.stderr}`).not.toContain('Only tests import the test support')
    expect(allowed.status).toBe(0)
  }, 60_000)

  it('fails app code reaching inside the parent area, and passes its entries and tests that do', async () => {
    dir = await mkdtemp(join(process.cwd(), 'src', 'app', 'trialentry-'))
    const importing = (source: string) => `import { value } from '${source}'\n\nexport const copy = value\n`
    const refusals = [
      ['a-screen.tsx', '#parent/children/add-kid-page'],
      ['a-loader.ts', '#parent/outbox/outbox-runtime'],
      ['the-index.ts', '#parent/index'],
    ] as const
    for (const [file, source] of refusals) await writeFile(join(dir, file), importing(source))
    await writeFile(
      join(dir, 'lazy.ts'),
      "export const load = () => import('#parent/account/auth-session')\n",
    )
    const refused = lint(relative(process.cwd(), dir))
    expect(refused.status).not.toBe(0)
    const report = `${refused.stdout}${refused.stderr}`
    for (const [file, source] of refusals) expect(report, `app/${file} imports ${source}`).toContain(file)
    expect(report).toContain('lazy.ts')
    expect(report.split('src/app imports the parent area through its entries only').length - 1).toBe(
      refusals.length + 1,
    )

    // The two entries are its to import, and a test may reach inside.
    await rm(dir, { recursive: true, force: true })
    dir = await mkdtemp(join(process.cwd(), 'src', 'app', 'trialentry-'))
    await writeFile(join(dir, 'entry.ts'), importing('#parent'))
    await writeFile(join(dir, 'start.ts'), importing('#parent/start'))
    await writeFile(join(dir, 'inside.test.ts'), importing('#parent/outbox/outbox-runtime'))
    const allowed = lint(relative(process.cwd(), dir))
    expect(`${allowed.stdout}${allowed.stderr}`).not.toContain('through its entries only')
  }, 60_000)

  it('fails the outbox engine importing a toast, a screen, the backend or a feature; passes its own', async () => {
    dir = await mkdtemp(join(process.cwd(), 'src', 'shared', 'outbox', 'trial-'))
    const importing = (source: string) => `import { value } from '${source}'\n\nexport const copy = value\n`
    const refusals = [
      ['toast.ts', '#shared/ui/notify'],
      ['feature.ts', '#parent/children/kid-messages'],
      ['backend.ts', '#shared/backend/backend'],
    ] as const
    for (const [file, source] of refusals) await writeFile(join(dir, file), importing(source))
    const refused = lint(relative(process.cwd(), dir))
    expect(refused.status).not.toBe(0)
    const report = `${refused.stdout}${refused.stderr}`
    for (const [file, source] of refusals) expect(report, `outbox/${file} imports ${source}`).toContain(file)
    expect(report.split('The outbox engine imports nothing of its users').length - 1).toBe(refusals.length)

    // The rest of src/shared is its to import.
    await rm(dir, { recursive: true, force: true })
    dir = await mkdtemp(join(process.cwd(), 'src', 'shared', 'outbox', 'trial-'))
    await writeFile(join(dir, 'async.ts'), importing('#shared/async/once'))
    await writeFile(join(dir, 'ids.ts'), importing('#shared/records/ids'))
    const allowed = lint(relative(process.cwd(), dir))
    expect(`${allowed.stdout}${allowed.stderr}`).not.toContain('The outbox engine imports nothing')
  }, 60_000)
})
