// Where versions before the outbox engine (decision 0067) kept Quick Inquire's unsent messages: a
// localStorage key, read once into the outbox by inquiry-kind.ts. Free of Dexie: the app's entry reads
// the key on every page load.

export const LEGACY_PENDING_KEY = 'sunbeam.inquiries.pending'
