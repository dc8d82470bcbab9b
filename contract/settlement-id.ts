/**
 * A settlement's id: `ST-`, its date as yyyyMMdd and a code of its merchant. Kept apart from the
 * settlement schemas because the report's URL validation (in the entry bundle) needs only this.
 */
export const SETTLEMENT_ID_PATTERN = /^ST-\d{8}-[0-9A-F]{4}$/
