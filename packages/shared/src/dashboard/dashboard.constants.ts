import { displayTimeZone } from '../common/datetime';

/** How far back the redeem chart reaches: today and the 29 days before it. */
export const dashboardRedeemDays = 30;

/** How many resellers the 'Reseller Teratas' list shows. */
export const dashboardTopResellers = 5;

/** How many programs the learning figures list (most active this week first). */
export const dashboardLearningPrograms = 10;

/** How many recently updated programs the dashboard lists. */
export const dashboardLatestPrograms = 5;

/**
 * Days are counted in Western Indonesia Time (WIB): a redeem at 23:30 WIB belongs to that day,
 * not to the next UTC day. Indonesia has no daylight saving, so a day is always 24 hours.
 */
export const dashboardTimeZone = displayTimeZone.id;
