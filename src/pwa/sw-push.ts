// The service worker's part of push (docs/decisions/0029): a push message from the function
// registrationNotice becomes a notification; a tap on it opens the child's page, in the app's open window
// if there is one, else in a new one. Only a path of this site is ever opened.

/** What the function sends (functions/src/notices.ts, PushPayload). */
export interface PushNotice {
  readonly title: string
  readonly body: string
  /** A path of this site: '/kid/{id}'. */
  readonly url: string
  /** One notification per notice: the same notice delivered twice replaces itself. */
  readonly tag: string
}

const FALLBACK: PushNotice = {
  title: 'Sunbeam',
  body: 'There is news from the centre.',
  url: '/profile#notices',
  tag: 'sunbeam-notice',
}

/**
 * Only a path on this site: '/…', resolved against the site and still on it. Never '//host', nor a
 * backslash anywhere ('/\evil.example' is '//evil.example' to a browser), nor a control character (a tab or a line break
 * is dropped by the URL parser, so '/\t/host' would be '//host' too), nor anything that resolves elsewhere.
 */
export function sitePath(value: unknown, origin = 'https://sunbeam.invalid'): string | null {
  if (typeof value !== 'string' || value.length > 2000 || !value.startsWith('/')) return null
  if (value.startsWith('//') || value.includes('\\')) return null
  for (const char of value) if (char.charCodeAt(0) <= 0x20 || char.charCodeAt(0) === 0x7f) return null
  let resolved: URL
  try {
    resolved = new URL(value, origin)
  } catch {
    return null
  }
  if (resolved.origin !== new URL(origin).origin) return null
  return `${resolved.pathname}${resolved.search}${resolved.hash}`
}

/** The notice in a push message's text (JSON), or a plain one for anything else. */
export function parsePush(text: string | null | undefined): PushNotice {
  let data: Record<string, unknown> = {}
  try {
    const parsed: unknown = text ? JSON.parse(text) : null
    if (typeof parsed === 'object' && parsed !== null) data = parsed as Record<string, unknown>
  } catch {
    return text ? { ...FALLBACK, body: text.slice(0, 200) } : FALLBACK
  }
  return {
    title: typeof data.title === 'string' && data.title ? data.title : FALLBACK.title,
    body: typeof data.body === 'string' && data.body ? data.body : FALLBACK.body,
    url: sitePath(data.url) ?? FALLBACK.url,
    tag: typeof data.noticeId === 'string' && data.noticeId ? `notice-${data.noticeId}` : FALLBACK.tag,
  }
}

export function showPushNotice(sw: ServiceWorkerGlobalScope, text: string | null | undefined): Promise<void> {
  const notice = parsePush(text)
  return sw.registration.showNotification(notice.title, {
    body: notice.body,
    tag: notice.tag,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { url: notice.url },
  })
}

/** The tapped notification's page: the open app window goes there (and comes forward), else a new one. */
export async function openNoticePage(
  sw: ServiceWorkerGlobalScope,
  notification: Notification,
): Promise<void> {
  notification.close()
  const path =
    sitePath((notification.data as { url?: unknown } | null)?.url, sw.location.origin) ?? FALLBACK.url
  const url = new URL(path, sw.location.origin).href
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const open = windows.find((client) => new URL(client.url).origin === sw.location.origin)
  // navigate() works on a window this worker controls; another (just installed) gets a new window.
  const moved = open ? await open.navigate(url).catch(() => null) : null
  if (moved) await moved.focus()
  else await sw.clients.openWindow(url)
}
