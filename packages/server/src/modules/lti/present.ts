import type { LmsRosterSync } from '@app/contract/lti';
import type { RosterSyncRow } from './repository.ts';

/** A roster sync row as the People page reads it. */
export function presentRosterSync(row: RosterSyncRow): LmsRosterSync {
  return {
    id: Number(row.id),
    status: row.status,
    added: Number(row.added),
    updated: Number(row.updated),
    unchanged: Number(row.unchanged),
    skipped: Number(row.skipped),
    error: row.error,
    requested_at: Number(row.requested_at),
    finished_at: row.finished_at === null ? null : Number(row.finished_at),
  };
}
