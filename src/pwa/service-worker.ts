// The service worker (docs/decisions/0011-service-worker.md). It keeps every marketing page, with its
// images and font, and the app shell for offline use (the precache: the build writes its list into
// self.__WB_MANIFEST), answers the app's own routes from the shell, keeps the Firebase chunks the
// precache leaves out once a parent's page has loaded them, and receives photos shared to the
// installed app from the phone's share sheet.
//
// It never caches a response from Firebase (Storage, Firestore, Auth): a child's photo is read with
// the parent's credentials, which a cache keyed by address would ignore, and the app keeps its own
// per-parent copy.
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import {
  cleanupOutdatedCaches,
  PrecacheController,
  type PrecacheEntry,
  PrecacheRoute,
} from 'workbox-precaching'
import { NavigationRoute, Route, Router } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'
import {
  boundedFormData,
  SHARE_TARGET_ACTION,
  SHARED_PHOTOS_FIELD,
  type ShareNote,
  sharedPhotosLeftOut,
  sharedPhotosTarget,
  shareFromThisSite,
  storeSharedPhotos,
} from '#shared/device/shared-photos'
import { openNoticePage, showPushNotice } from './sw-push'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] }

/** Where earlier versions of this worker kept child photos: it must not outlive them (see the record). */
const RETIRED_PHOTO_CACHE = 'sunbeam-child-photos'

const DAY_SECONDS = 24 * 60 * 60

// A new version waits until the parent presses Reload (src/pwa/sw-update.ts then posts SKIP_WAITING):
// nothing takes over a page on its own.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})

// The centre's notices, pushed by the function registrationNotice (./sw-push.ts; decision 0029).
self.addEventListener('push', (event) => {
  event.waitUntil(showPushNotice(self, event.data?.text()))
})
self.addEventListener('notificationclick', (event) => {
  event.waitUntil(openNoticePage(self, event.notification))
})

// Once active, this version serves every open page at once, the first install included.
clientsClaim()

// Our own precache controller and router, through Workbox's public classes (not its default router,
// which only a private module hands out): the routes below, in order, then the fetch and cache listeners.
const precache = new PrecacheController()
const router = new Router()
precache.precache(self.__WB_MANIFEST)
router.registerRoute(new PrecacheRoute(precache))
cleanupOutdatedCaches()

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.delete(RETIRED_PHOTO_CACHE))
})

// App routes (login, profile, kids) are rendered in the browser from the shell, and so is the
// not-found page for any other address (the precache holds every page by the address Hosting serves
// it at, '/app-shell' included, and no 404 page: vite.config.ts). Firebase Hosting's reserved /__/
// paths (auth handler, init.json) must always reach the network.
router.registerRoute(
  new NavigationRoute(precache.createHandlerBoundToURL('/app-shell'), { denylist: [/^\/__\//] }),
)

// Hashed chunks left out of the precache (Firebase's): kept when a parent's page first loads them, so
// the parent area opens offline afterwards. Their names change with their content, so the first copy
// is good for as long as it is used.
router.registerRoute(
  new Route(
    ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
    new CacheFirst({
      cacheName: 'sunbeam-app-chunks',
      // A hashed file is the same whoever asked: a copy kept from the page's CACHE_URLS message (below)
      // was asked for without the Origin header that a module import sends, and servers answer with
      // `Vary: Origin` (vite preview) or `Vary: accept-encoding` (Hosting), which would hide it.
      matchOptions: { ignoreVary: true },
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 90 * DAY_SECONDS }),
      ],
    }),
  ),
)

/**
 * Photos shared to the installed app (the manifest's share_target): kept on the device for the add
 * form, which opens next and takes them (src/shared/device/shared-photos.ts has the whole contract).
 * Whatever goes wrong, the parent still lands on the add form, without the photos.
 */
async function receiveShare({ request }: { request: Request }): Promise<Response> {
  let shareId: string | null = null
  let note: ShareNote | null = null
  // Another site's form is not a share: nothing of it is read or kept.
  if (shareFromThisSite(request, self.location.origin)) {
    try {
      // Read no further than a share may weigh: a larger one is not kept at all, and the form says so.
      const form = await boundedFormData(request)
      if (form) {
        const files = form.getAll(SHARED_PHOTOS_FIELD)
        if (sharedPhotosLeftOut(files)) note = 'some-left-out'
        shareId = await storeSharedPhotos(files)
      } else note = 'none-kept'
    } catch (error) {
      console.warn('The shared photos could not be kept', error)
    }
  }
  return Response.redirect(new URL(sharedPhotosTarget(shareId, note), self.location.origin).href, 303)
}

router.registerRoute(
  new Route(
    ({ url, sameOrigin }) => sameOrigin && url.pathname === SHARE_TARGET_ACTION,
    receiveShare,
    'POST',
  ),
)

// Every route is in place: the router answers the page's requests.
router.addFetchListener()
// A parent's first page loads before this worker controls it, so what it loaded then went past the
// routes above: the page sends those addresses once the worker takes over (src/pwa/sw-update.ts), and
// Workbox's CACHE_URLS listener runs each through its route, as if the page had asked for it now.
// Without it, a first visit that began on /signup left Firebase's chunks out, and the parent area
// could not open offline the next day.
router.addCacheListener()
