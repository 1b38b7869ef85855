import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { siteConfig } from '#shared/config/site-config'
import * as sharedPhotos from '#shared/device/shared-photos'
import { webManifest } from './web-manifest'

const manifest = webManifest(siteConfig, sharedPhotos)
const publicFile = (src: string) => path.join('public', src)

describe('webManifest', () => {
  it('names the app after the brand, with a stable id and the whole site in scope', () => {
    expect(manifest).toMatchObject({
      id: '/',
      name: siteConfig.name,
      short_name: siteConfig.shortName,
      start_url: '/',
      scope: '/',
      display: 'standalone',
    })
  })

  it('lists only icons, shortcut icons and screenshots that exist in public/', () => {
    const files = [
      ...(manifest.icons ?? []).map((icon) => icon.src),
      ...(manifest.shortcuts ?? []).flatMap((shortcut) => (shortcut.icons ?? []).map((icon) => icon.src)),
      ...(manifest.screenshots ?? []).map((shot) => shot.src),
    ]
    expect(files.length).toBeGreaterThan(6)
    for (const src of files) expect(existsSync(publicFile(src)), src).toBe(true)
    expect(new Set((manifest.icons ?? []).map((icon) => icon.purpose))).toEqual(new Set(['any', 'maskable']))
  })

  it("offers the add form and the profile as shortcuts, and the share target's own contract", () => {
    expect((manifest.shortcuts ?? []).map((shortcut) => shortcut.url)).toEqual(['/add-kid', '/profile'])
    expect(manifest.share_target).toMatchObject({
      action: sharedPhotos.SHARE_TARGET_ACTION,
      method: 'POST',
      enctype: 'multipart/form-data',
    })
    expect(manifest.share_target?.params?.files).toEqual([
      expect.objectContaining({ name: sharedPhotos.SHARED_PHOTOS_FIELD }),
    ])
  })
})
