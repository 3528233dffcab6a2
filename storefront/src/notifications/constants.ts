/** Alerts hide after 7 seconds (store spec §8). */
export const NOTIFICATION_HIDE_MS = 7000;
/** At most 3 notifications show at once (licences spec §2, §9). */
export const MAX_VISIBLE_NOTIFICATIONS = 3;
