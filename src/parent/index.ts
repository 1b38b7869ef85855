// The parent area's public entry: what src/app (the guards and the routes' screens) takes from
// src/parent, by the one name it may import it by (lint/parent-entry.grit; docs/decisions/0074). It
// only re-exports, and the build marks it free of side effects (vite.config.ts), so each route's chunk
// links to the one screen it names as if it imported that module by its path; code the guards load
// when a parent screen opens is reached through loaders (loaders.ts), each in its own chunk. Nothing
// else may be written here: code of its own would make every importer load every module it names.
// What the route tree every page carries needs is in start.ts, never here.

// Account: signing in, up and out, My Profile, the parent's picture.
export type { AuthSession } from './account/auth-session'
export { LoginPage } from './account/login-page'
export { keepParentPicture, takeOverFromPicture } from './account/parent-picture-screen'
export type { ParentScope, ParentScopes } from './account/parent-scope'
export { ParentScopeProvider } from './account/parent-scope-context'
export { sessionActions } from './account/parent-session'
export { ProfilePage } from './account/profile-page'
export { SignupPage } from './account/signup-page'
// Children: the form, the list, a child's page, and what the area's layout shows of the queue.
export { AddKidPage } from './children/add-kid-page'
export { EditKidPage } from './children/edit-kid-page'
export { FailureToasts } from './children/failure-toasts'
export { KidDetailPage } from './children/kid-detail-page'
export { OutboxIndicator } from './children/outbox-indicator'
export { YourKids } from './children/your-kids'
// Loaded when needed, each in its own chunk as before (loaders.ts).
export {
  loadAuthSession,
  loadKidsData,
  loadNoticesBar,
  loadNoticesData,
  loadNoticesSection,
  loadOutboxRuntime,
  loadParentSession,
} from './loaders'
// Offers and the enrolment file.
export { EnrolmentPage } from './offers/enrolment-page'
// The device's outbox: its runtime and the start-up hint that something waits.
export { readOutboxHint } from './outbox/outbox-hint'
export type { OutboxRuntime } from './outbox/outbox-runtime'
