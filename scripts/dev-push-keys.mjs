// The VAPID key pair of the demo project (demo-sunbeam), for the emulators only: `npm start` and the
// browser suite give it to the functions; the app built for a demo- project subscribes with its public
// half (src/firebase/firebase-push.ts). It signs nothing anywhere else: a real project makes its own
// (`npx web-push generate-vapid-keys`; docs/functions.md) and keeps the private half a secret.
export const DEV_VAPID = {
  publicKey: 'BODeH90gAk6KdaXZ5honEQZZl5It0V8SD51QX0Rbbceb95a2v6eZRLESXyhSkvfyqNkMFUpjMN_AjbaPxvbgPCk',
  privateKey: 'TlrFUkmg3L6XYbasjWHXAnvZEXpZa5eEqUczQtiMdjI',
  subject: 'mailto:hello@sunbeam-daycare.example',
}
