/**
 * Every migration, in order, written once for both engines. A migration never changes once it
 * has shipped; a new one is appended with the next number.
 */
import type { Migration, MigrationProvider } from 'kysely';
import type { Engine } from '../storage/engine';
import { baseline } from './001-baseline';
import { rowOrder } from './002-row-order';
import { imageJobs } from './003-image-jobs';
import { dailyRollups } from './004-daily-rollups';
import { siteSearch } from './005-site-search';
import { errorRollups } from './006-error-rollups';
import { performanceRollups } from './007-performance-rollups';
import { unsubscribeTokens } from './008-unsubscribe-tokens';
import { fileContents } from './009-file-contents';
import { runtimeChunks } from './010-runtime-chunks';
import { mailOutbox } from './011-mail-outbox';
import { memberPasswordResets } from './012-member-password-resets';
import { accountPasswordResets } from './013-account-password-resets';
import { errorReports } from './014-error-reports';
import { campaignRollups } from './015-campaign-rollups';
import { orderTimes } from './016-order-times';
import { campaignChannels } from './017-campaign-channels';

export const migrationsFor = (engine: Engine): Record<string, Migration> => ({
  '001-baseline': baseline(engine),
  '002-row-order': rowOrder,
  '003-image-jobs': imageJobs,
  '004-daily-rollups': dailyRollups(engine),
  '005-site-search': siteSearch(engine),
  '006-error-rollups': errorRollups(engine),
  '007-performance-rollups': performanceRollups,
  '008-unsubscribe-tokens': unsubscribeTokens(engine),
  '009-file-contents': fileContents(engine),
  '010-runtime-chunks': runtimeChunks(engine),
  '011-mail-outbox': mailOutbox,
  '012-member-password-resets': memberPasswordResets,
  '013-account-password-resets': accountPasswordResets,
  '014-error-reports': errorReports,
  '015-campaign-rollups': campaignRollups(engine),
  '016-order-times': orderTimes,
  '017-campaign-channels': campaignChannels,
});

export const MIGRATION_NAMES = Object.keys(migrationsFor('sqlite'));

export const migrationProvider = (engine: Engine): MigrationProvider => ({ getMigrations: async () => migrationsFor(engine) });
