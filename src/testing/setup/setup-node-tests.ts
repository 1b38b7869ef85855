// The outbox and its helpers keep their queue in IndexedDB: Node has none, so fake-indexeddb stands in
// (as it does for the component tests in setup-tests.ts).
import 'fake-indexeddb/auto'
