// What src/app loads only when it needs it (the guards, the outbox at start-up), each module in its own
// chunk as when src/app imported it by its path; re-exported by the parent area's entry (index.ts).
export const loadAuthSession = () => import('./account/auth-session')
export const loadParentSession = () => import('./account/parent-session')
export const loadKidsData = () => import('./children/kids-data')
export const loadNoticesBar = () => import('./notices/notices-bar')
export const loadNoticesData = () => import('./notices/notices-data')
export const loadNoticesSection = () => import('./notices/notices-section')
export const loadOutboxRuntime = () => import('./outbox/outbox-runtime')
