/**
 * The site's days: visitor data is counted by the day in the site's time zone (site.json
 * `websiteSettings.timeZone`, UTC without a valid one), so that an owner's "today" starts at
 * their midnight. Read live with site.json, like every site file.
 */
import type { FastifyInstance } from 'fastify';
import { timeZoneOf } from './commerce/store-settings';
import { dayRange as dayRangeIn, type DayRangeQuery } from './ingest/day-range';
import { dayIn, type DayOf } from './ingest/rollups';
import { readSiteSettings } from './site-page';

export const siteDay = async (app: FastifyInstance): Promise<DayOf> => dayIn(timeZoneOf(await readSiteSettings(app)));

/** A dashboard's date range (ingest/day-range.ts), "today" being the site's (by `dayOf` when the caller has read it already). */
export const siteDayRange = async (app: FastifyInstance, query: unknown, dayOf?: DayOf): Promise<ReturnType<typeof dayRangeIn>> =>
  dayRangeIn(query as DayRangeQuery, (dayOf ?? (await siteDay(app)))(Date.now()));
