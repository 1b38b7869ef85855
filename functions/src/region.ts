// Where the functions run: beside the database (docs/decisions/0025-region.md says why this one). The app
// calls its callable functions in the same region (src/shared/config/functions-region.ts).
export { FUNCTIONS_REGION as REGION } from '#shared/config/functions-region'
/** The centre's own time zone (Uyo, Nigeria: West Africa Time), for the daily sweep's hour. */
export const TIME_ZONE = 'Africa/Lagos'
