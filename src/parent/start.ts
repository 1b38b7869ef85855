// The parent area's second public entry: the little that the route tree every page carries needs
// (the sign-in loader a guarded route shows while it checks, the check of ?redirect=), so a
// marketing page's first load never reaches the parent area's entry (index.ts) and its chunks' names.
// src/app imports these two files only (lint/parent-entry.grit; docs/decisions/0074).
export { AuthPendingLoader } from './account/auth-pending'
export { safeRedirectTarget } from './account/redirect-target'
