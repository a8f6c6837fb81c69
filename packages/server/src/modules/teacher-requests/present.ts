import type { TeacherAccountRequest } from '@app/contract/teacher-requests';
import type { TeacherAccountRequestRow } from '../../db/schema.ts';

/** The public shape of a request: what its author sent and where it stands. */
export function presentTeacherRequest(row: TeacherAccountRequestRow): TeacherAccountRequest {
  return {
    id: row.id,
    school_name: row.school_name,
    phone: row.phone,
    web_site: row.web_site,
    status: row.status,
    created_at: Number(row.created_at),
  };
}
