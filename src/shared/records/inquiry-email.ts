// The inquiry's e-mail pattern, a module of its own (re-exported by inquiry-record.ts): the contact
// page's form needs only this, and loads none of the record's checks (they come with the outbox, when a
// message is sent; the marketing pages' bytes are budgeted).

/**
 * An inquiry's e-mail: one '@' between two parts, neither holding white space nor any of
 * `? & # % , ; / \`. Those are legal in some addresses, but in a `mailto:` link they add headers (a Bcc,
 * a body) or more addresses: `ada@x.org?bcc=eve@evil.example` would copy the centre's reply to eve.
 * firestore.rules checks the same pattern (and a server function may reuse this one).
 */
export const INQUIRY_EMAIL_PATTERN = /^[^@\s?&#%,;/\\]+@[^@\s?&#%,;/\\]+$/

/** The same pattern as an `<input pattern>` (whole value; the `v` flag wants '/' and '\' escaped). */
export const INQUIRY_EMAIL_INPUT_PATTERN = '[^@\\s?&#%,;\\/\\\\]+@[^@\\s?&#%,;\\/\\\\]+'
