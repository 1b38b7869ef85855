// The notices' styles are a file of their own, not part of the one stylesheet every page inlines
// (vite.config.ts: cssCodeSplit false): the marketing pages never carry them. React hoists the <link>
// into the head once (as /centre's styles, src/centre/centre-layout.tsx).
import noticesCssUrl from './notices.css?url'

export function NoticesStyles() {
  // Vitest's stand-in for a `?url` import is '': no <link href=""> (React warns at it).
  return noticesCssUrl ? <link rel="stylesheet" href={noticesCssUrl} precedence="default" /> : null
}
