// The web app manifest: how the installed app is named, looks, starts, and what it offers (shortcuts,
// the photo share target). vite.config.ts hands it to vite-plugin-pwa, with the brand read as the app
// reads it (VITE_ variables may override it) and the share target's contract from the module the worker
// and the add form share.
import type { ManifestOptions } from 'vite-plugin-pwa'
import type { SiteConfig } from '#shared/config/site-config'

/** What src/shared/device/shared-photos.ts exports of the share target's contract. */
export interface ShareTargetContract {
  readonly SHARE_TARGET_ACTION: string
  readonly SHARED_PHOTOS_FIELD: string
}

export function webManifest(
  siteConfig: Pick<SiteConfig, 'name' | 'shortName'>,
  sharedPhotos: ShareTargetContract,
): Partial<ManifestOptions> {
  return {
    id: '/',
    name: siteConfig.name,
    short_name: siteConfig.shortName,
    description: `Day care and baby care at ${siteConfig.shortName}: plans, our team, news for parents, and your children's registrations, even offline.`,
    lang: 'en',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: '#c2410c',
    background_color: '#fffaf3',
    categories: ['education', 'kids', 'lifestyle'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    // Long-pressing the installed app's icon offers these two.
    shortcuts: [
      {
        name: 'Add your child',
        short_name: 'Add child',
        description: 'Register a child for a daycare plan, with photos',
        url: '/add-kid',
        icons: [{ src: '/icons/shortcut-add-kid-96.png', sizes: '96x96', type: 'image/png' }],
      },
      {
        name: 'My profile',
        short_name: 'Profile',
        description: 'Your details and your registered children',
        url: '/profile',
        icons: [{ src: '/icons/shortcut-profile-96.png', sizes: '96x96', type: 'image/png' }],
      },
    ],
    // Opening the app (or a shortcut) again brings its open window forward instead of a second one;
    // the shortcut's address then reaches the app through window.launchQueue (src/pwa/launch-queue.ts).
    launch_handler: { client_mode: ['focus-existing', 'auto'] },
    // Photos shared from the phone's gallery open the add form with them attached: the worker
    // receives the post (src/shared/device/shared-photos.ts has the contract).
    share_target: {
      action: sharedPhotos.SHARE_TARGET_ACTION,
      method: 'POST',
      enctype: 'multipart/form-data',
      params: {
        title: 'title',
        text: 'text',
        files: [
          {
            name: sharedPhotos.SHARED_PHOTOS_FIELD,
            accept: ['image/jpeg', 'image/png', '.jpg', '.jpeg', '.png'],
          },
        ],
      },
    },
    screenshots: [
      {
        src: '/screenshots/home-narrow.png',
        sizes: '390x844',
        type: 'image/png',
        form_factor: 'narrow',
        label: `${siteConfig.shortName} home page on a phone`,
      },
      {
        src: '/screenshots/home-wide.png',
        sizes: '1280x800',
        type: 'image/png',
        form_factor: 'wide',
        label: `${siteConfig.shortName} home page on a computer`,
      },
    ],
  }
}
