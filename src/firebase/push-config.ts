// The public half of the demo project's VAPID key pair (scripts/dev-push-keys.mjs holds both): the app
// built for a demo- project (npm start, the browser suite) subscribes with it. A real project sets
// VITE_VAPID_PUBLIC_KEY to its own (docs/functions.md).
export const DEV_VAPID_PUBLIC_KEY =
  'BODeH90gAk6KdaXZ5honEQZZl5It0V8SD51QX0Rbbceb95a2v6eZRLESXyhSkvfyqNkMFUpjMN_AjbaPxvbgPCk'
