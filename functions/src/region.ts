// Where the functions run: beside the database (docs/decisions/0025-region.md says why this one).
export const REGION = 'europe-west1'
/** The centre's own time zone (Uyo, Nigeria: West Africa Time), for the daily sweep's hour. */
export const TIME_ZONE = 'Africa/Lagos'
