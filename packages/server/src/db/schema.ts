import type { RegradeStatus } from '@app/contract/answer-keys';
import type { PreviewStatus, ShowAnswers, ShowFindings } from '@app/contract/assignments';
import type { Cadential64, CourseRole, CourseStatus, LmsType, Neapolitan6, PaymentType } from '@app/contract/courses';
import type { LmsRosterSyncFailure, LmsRosterSyncStatus } from '@app/contract/lti';
import type { EnrollmentStatus, InvitationState } from '@app/contract/people';
import type { LanguageCode, UserType } from '@app/contract/users';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { z } from 'zod';

// Columns that hold one of the contract's values are typed with it, so rows need no casts;
// the values are written only through these types (and the migrations' CHECK-free defaults).
/** 1 student, 2 instructor (contract `UserType`). */
type AccountType = (typeof UserType)[keyof typeof UserType];
/** Where a job-made file (preview, render) stands. */
export type JobState = z.infer<typeof PreviewStatus>;

/**
 * The database as Kysely sees it. Booleans are stored as 0/1 integers and
 * times as epoch seconds so that SQLite and PostgreSQL read the same.
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  one_time_tokens: OneTimeTokensTable;
  sign_in_attempts: SignInAttemptsTable;
  timezones: TimezonesTable;
  schools: SchoolsTable;
  academic_terms: AcademicTermsTable;
  course_products: CourseProductsTable;
  courses: CoursesTable;
  course_memberships: CourseMembershipsTable;
  payments: PaymentsTable;
  course_invitations: CourseInvitationsTable;
  enrollment_requests: EnrollmentRequestsTable;
  assignment_sets: AssignmentSetsTable;
  documents: DocumentsTable;
  document_versions: DocumentVersionsTable;
  document_regrades: DocumentRegradesTable;
  grade_changes: GradeChangesTable;
  due_date_extensions: DueDateExtensionsTable;
  library_sets: LibrarySetsTable;
  library_documents: LibraryDocumentsTable;
  exercise_drafts: ExerciseDraftsTable;
  document_downloads: DocumentDownloadsTable;
  submissions: SubmissionsTable;
  best_submissions: BestSubmissionsTable;
  drafts: DraftsTable;
  threads: ThreadsTable;
  posts: PostsTable;
  thread_reads: ThreadReadsTable;
  google_credentials: GoogleCredentialsTable;
  oauth_states: OauthStatesTable;
  google_coursework: GoogleCourseworkTable;
  test_orders: TestOrdersTable;
  teacher_account_requests: TeacherAccountRequestsTable;
  jobs: JobsTable;
  idempotency_keys: IdempotencyKeysTable;
  leases: LeasesTable;
  media_collections: MediaCollectionsTable;
  media_files: MediaFilesTable;
  lti_platforms: LtiPlatformsTable;
  lti_deployments: LtiDeploymentsTable;
  lti_keys: LtiKeysTable;
  lti_login_states: LtiLoginStatesTable;
  lti_user_links: LtiUserLinksTable;
  lti_contexts: LtiContextsTable;
  lti_context_members: LtiContextMembersTable;
  lti_deep_link_requests: LtiDeepLinkRequestsTable;
  lti_registration_keys: LtiRegistrationKeysTable;
  lti_line_items: LtiLineItemsTable;
  lti_roster_syncs: LtiRosterSyncsTable;
}

export interface UsersTable {
  id: Generated<number>;
  uuid: string;
  user_type: AccountType;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string | null;
  gender: string | null;
  school: string | null;
  phone_number: string | null;
  timezone_id: number;
  language: LanguageCode;
  will_receive_marketing_emails: number;
  will_receive_notification_emails: number;
  created_at: number;
  updated_at: number;
}
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  absolute_expires_at: number;
  revoked_at: number | null;
  ip: string | null;
  user_agent: string | null;
}
export type SessionRow = Selectable<SessionsTable>;

export interface OneTimeTokensTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  purpose: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** Only for purpose 'change-email': the address that takes effect once the link is followed. */
  new_email: Generated<string | null>;
}
export type OneTimeTokenRow = Selectable<OneTimeTokensTable>;

export interface SignInAttemptsTable {
  id: Generated<number>;
  email: string;
  ip: string;
  created_at: number;
}

export interface TimezonesTable {
  id: Generated<number>;
  name: string;
}

export interface SchoolsTable {
  id: Generated<number>;
  name: string;
  created_at: number;
}

export interface AcademicTermsTable {
  id: Generated<number>;
  name: string;
  weight: number;
}

export interface TeacherAccountRequestsTable {
  id: Generated<number>;
  user_id: number;
  school_name: string;
  phone: string;
  web_site: string;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  created_at: number;
  decided_at: number | null;
}
export type TeacherAccountRequestRow = Selectable<TeacherAccountRequestsTable>;

export interface CourseProductsTable {
  id: Generated<number>;
  name: string;
  price_cents: number;
  fastspring_product_path: string;
  created_at: number;
}

export interface CoursesTable {
  id: Generated<number>;
  title: string;
  /** As stored: ENDED is also a course past its end date (courses/present.ts effectiveStatus). */
  status: CourseStatus;
  school_id: number | null;
  academic_term_id: number | null;
  year: number;
  start_date: number;
  end_date: number;
  enrollment_end_date: number;
  payment_type: PaymentType;
  course_product_id: number | null;
  cadential_64: z.infer<typeof Cadential64>;
  neapolitan_6: z.infer<typeof Neapolitan6>;
  lms_type: z.infer<typeof LmsType> | null;
  invitation_code: string;
  billing_agreed_at: number | null;
  activated_at: number | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
}
export type CourseRow = Selectable<CoursesTable>;
export type NewCourse = Insertable<CoursesTable>;
export type CourseUpdate = Updateable<CoursesTable>;

export interface CourseMembershipsTable {
  id: Generated<number>;
  course_id: number;
  user_id: number;
  role: CourseRole;
  archived: number;
  weight: number;
  created_at: number;
}

export interface PaymentsTable {
  id: Generated<number>;
  course_id: number;
  user_id: number;
  order_id: string;
  reference: string;
  created_at: number;
}

/** The embedded job queue (jobs/table-queue.ts); a finished job's row is deleted. */
export interface JobsTable {
  id: Generated<number>;
  name: string;
  /** JSON. */
  payload: string;
  status: 'queued' | 'running' | 'failed';
  attempts: number;
  max_attempts: number;
  run_after: number;
  locked_at: number | null;
  /** A running job whose lock has passed was abandoned by its worker and may be taken over. */
  locked_until: number | null;
  locked_by: string | null;
  last_error: string | null;
  /** The request that enqueued the job, so its logs can be followed into the job's. */
  request_id: Generated<string | null>;
  created_at: number;
  updated_at: number;
}
export type JobRow = Selectable<JobsTable>;

export interface MediaCollectionsTable {
  id: Generated<number>;
  owner_id: number;
  title: string;
  weight: number;
  created_at: number;
  updated_at: number;
}
export type MediaCollectionRow = Selectable<MediaCollectionsTable>;

export interface MediaFilesTable {
  id: Generated<number>;
  collection_id: number;
  file_key: string;
  title: string;
  weight: number;
  transcode_status: 'UNSTARTED' | 'IN_PROGRESS' | 'FAILED' | 'COMPLETED';
  media_type: 'audio' | 'video';
  /** The upload as received; removed once transcoded. */
  source_key: string | null;
  /** The transcoded .m4a or .mp4. */
  output_key: string | null;
  duration: number | null;
  size: number;
  transcode_error: string | null;
  created_at: number;
  updated_at: number;
}
export type MediaFileRow = Selectable<MediaFilesTable>;
export type NewMediaFile = Insertable<MediaFilesTable>;

export interface CourseInvitationsTable {
  id: Generated<number>;
  course_id: number;
  invitee_email: string;
  join_as: CourseRole;
  token_hash: string;
  inviter_id: number | null;
  state: z.infer<typeof InvitationState>;
  created_at: number;
  expires_at: number;
  responded_at: number | null;
}

export interface EnrollmentRequestsTable {
  id: Generated<number>;
  course_id: number;
  student_id: number;
  /** DISMISSED: a declined request its student took off their table (never sent to the API). */
  status: EnrollmentStatus | 'DISMISSED';
  created_at: number;
  decided_at: number | null;
  decided_by: number | null;
}

export interface AssignmentSetsTable {
  id: Generated<number>;
  course_id: number;
  title: string;
  released_at: number;
  due_at: number;
  set_key: string;
  show_after_due: number;
  /** 1 while students do not see the set whatever its assigned date (migration 0038, decision 054). */
  draft: Generated<number>;
  weight: number;
  created_at: number;
  updated_at: number;
}
export type AssignmentSetRow = Selectable<AssignmentSetsTable>;
export type NewAssignmentSet = Insertable<AssignmentSetsTable>;

export interface DocumentsTable {
  id: Generated<number>;
  assignment_set_id: number;
  title: string;
  weight: number;
  doc_key: string;
  storage_key: string;
  content_hash: string;
  size: number;
  preview_status: JobState;
  preview_error: string | null;
  gradable: number;
  practice: number;
  incremental_grading: number;
  multiple_submissions: number;
  delay_showing_grade: number;
  show_grade_on_date: number | null;
  timed: number;
  timed_time_seconds: number | null;
  /** AFTER_DUE, IMMEDIATELY or NEVER (contract ShowAnswers). */
  show_answers: Generated<ShowAnswers>;
  /** AT_RELEASE or AT_HAND_IN (contract ShowFindings, migration 0037): when formal work's marks are shown. */
  show_findings: Generated<ShowFindings>;
  /** The exercise without its key, the only file a student receives; null until made. */
  student_storage_key: string | null;
  /** Which version of the key the files hold: 1, then one more per "Edit Key" (migration 0016). */
  key_version: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** The files of each version of a document's key made by an edit, the replaced first one included (migration 0016). */
export interface DocumentVersionsTable {
  id: Generated<number>;
  document_id: number;
  version: number;
  storage_key: string;
  student_storage_key: string | null;
  size: number;
  created_by: number | null;
  created_at: number;
}

/** Each "Regrade" of a document and its progress (answer-keys/regrade-job.ts). */
export interface DocumentRegradesTable {
  id: Generated<number>;
  document_id: number;
  key_version: number;
  status: RegradeStatus;
  total: Generated<number>;
  done: Generated<number>;
  changed: Generated<number>;
  error: string | null;
  requested_by: number | null;
  requested_at: number;
  finished_at: number | null;
}

/** The audit list: a grade a regrade changed, who asked for it and when. */
export interface GradeChangesTable {
  id: Generated<number>;
  document_id: number;
  regrade_id: number;
  submission_id: number;
  student_id: number;
  changed_by: number | null;
  changed_at: number;
  key_version: number;
  old_points: number;
  old_max_points: number;
  old_percent: number;
  old_grade: string;
  new_points: number;
  new_max_points: number;
  new_percent: number;
  new_grade: string;
}
export type DocumentRow = Selectable<DocumentsTable>;
export type NewDocument = Insertable<DocumentsTable>;
export type DocumentUpdate = Updateable<DocumentsTable>;

export interface DueDateExtensionsTable {
  id: Generated<number>;
  assignment_set_id: number;
  student_id: number;
  extension_due_at: number;
  created_at: number;
}

export interface LibrarySetsTable {
  id: Generated<number>;
  set_key: string;
  title: string;
  weight: number;
  created_at: number;
  /** An instructor's own section (exercises they made); null for the shared library. */
  owner_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ExerciseDraftsTable {
  id: Generated<number>;
  owner_id: number;
  course_id: number;
  storage_key: string;
  title: string;
  created_at: number;
}

export interface LibraryDocumentsTable {
  id: Generated<number>;
  library_set_id: number;
  title: string;
  weight: number;
  doc_key: string;
  storage_key: string;
  content_hash: string;
  size: number;
  preview_status: JobState;
  preview_error: string | null;
  created_at: number;
}
export type LibraryDocumentRow = Selectable<LibraryDocumentsTable>;

export interface DocumentDownloadsTable {
  id: Generated<number>;
  document_id: number;
  student_id: number;
  first_downloaded_at: number;
}

export interface SubmissionsTable {
  id: Generated<number>;
  student_id: number;
  document_id: number;
  assignment_set_id: number;
  course_id: number;
  points: number;
  max_points: number;
  percent: number;
  grade: string;
  submit_time: number;
  practice: number;
  file_key: string;
  har_key: string;
  png_key: string | null;
  report_key: string | null;
  /** The image and report without right/wrong or expected labels, for students before answers are shown. */
  student_png_key: string | null;
  student_report_key: string | null;
  render_status: JobState;
  result_json: string;
  /** Which of the student's submissions of the document it is, from 1 (gradebook/repository.ts keeps it). */
  number: Generated<number>;
  /** The version of the document's key that graded it (documents.key_version then). */
  key_version: Generated<number>;
}

/** Each student's best submission per document and kind (migration 0014, gradebook/repository.ts). */
export interface BestSubmissionsTable {
  course_id: number;
  student_id: number;
  document_id: number;
  practice: number;
  assignment_set_id: number;
  submission_id: number;
  points: number;
  max_points: number;
  percent: number;
  grade: string;
  submit_time: number;
  /** Which of the student's submissions of the document it is, from 1. */
  number: number;
  /** 1 on the better of the document's two kinds (the best with practice work included). */
  overall: number;
}

export interface DraftsTable {
  document_id: number;
  student_id: number;
  answers_json: string;
  updated_at: number;
  /** Counts the draft's saves (migration 0034): a save from a copy that has not seen the last one is refused. */
  revision: Generated<number>;
}

export interface GoogleCredentialsTable {
  id: Generated<number>;
  user_id: number;
  encrypted_tokens: string;
  updated_at: number;
}

export interface OauthStatesTable {
  id: Generated<number>;
  state_hash: string;
  user_id: number;
  return_url: string;
  expires_at: number;
  /** The session that started the link; the callback needs it still live. */
  session_id: Generated<number | null>;
  /** SHA-256 of the short-lived cookie set on the browser that started the link. */
  browser_hash: Generated<string | null>;
}

export interface GoogleCourseworkTable {
  id: Generated<number>;
  user_id: number;
  document_id: number;
  gc_course_id: string;
  coursework_id: string;
  created_at: number;
}

export interface TestOrdersTable {
  id: Generated<number>;
  order_id: string;
  reference: string;
  user_id: number;
  course_id: number;
  product_path: string;
  created_at: number;
}

/** The course discussion board (modules/discussion). */
export interface ThreadsTable {
  id: Generated<number>;
  course_id: number;
  author_id: number;
  title: string;
  body: string;
  pinned: Generated<number>;
  locked: Generated<number>;
  reply_count: Generated<number>;
  activity_seq: Generated<number>;
  created_at: number;
  edited_at: number | null;
  last_activity_at: number;
}
export type ThreadRow = Selectable<ThreadsTable>;

export interface PostsTable {
  id: Generated<number>;
  thread_id: number;
  author_id: number;
  body: string;
  created_at: number;
  edited_at: number | null;
  deleted_at: number | null;
  deleted_by: number | null;
}

/** What a person has seen of a thread: the thread's activity_seq when they last opened it. */
export interface ThreadReadsTable {
  user_id: number;
  thread_id: number;
  last_read_at: number;
  read_seq: number;
}

/** Answers kept for retried requests that carry an Idempotency-Key (http/idempotency.ts). */
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  request: string;
  status_code: number | null;
  response: string | null;
  created_at: number;
}

/** Named leases held by one instance at a time (jobs/leases.ts). */
export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

/** An LTI 1.3 platform registration (issue 28, decision 038). */
export interface LtiPlatformsTable {
  id: Generated<number>;
  issuer: string;
  client_id: string;
  auth_url: string;
  token_url: string;
  jwks_url: string;
  /** 1 when the admin said this platform's e-mail claims are verified. */
  emails_verified: number;
  /** 1 while a Dynamically Registered platform has no deployment id: its first verified launch gives it one (migration 0036). */
  deployment_pending: Generated<number>;
  created_at: number;
  updated_at: number;
}
export type LtiPlatformRow = Selectable<LtiPlatformsTable>;

export interface LtiDeploymentsTable {
  id: Generated<number>;
  platform_id: number;
  deployment_id: string;
}

/** The tool's signing keys; `retired_at` null for the current one. */
export interface LtiKeysTable {
  id: Generated<number>;
  kid: string;
  private_jwk: string;
  public_jwk: string;
  created_at: number;
  retired_at: number | null;
}
export type LtiKeyRow = Selectable<LtiKeysTable>;

/** An OIDC login initiation waiting for its launch: single use, bound to the browser's cookie. */
export interface LtiLoginStatesTable {
  id: Generated<number>;
  state_hash: string;
  browser_hash: string;
  /** The platform frame named by `lti_storage_target` at login, if any (migration 0032). */
  storage_target: string | null;
  nonce: string;
  platform_id: number;
  expires_at: number;
  used_at: number | null;
}

export interface LtiUserLinksTable {
  id: Generated<number>;
  issuer: string;
  sub: string;
  user_id: number;
  created_at: number;
}

/** An LMS course (context) and the course it is linked to (null until an instructor links one). */
export interface LtiContextsTable {
  id: Generated<number>;
  issuer: string;
  deployment_id: string;
  context_id: string;
  title: string;
  course_id: number | null;
  /** The context's Names and Role Provisioning Services URL, as the latest launch named it (migration 0031). */
  nrps_url: string | null;
  created_at: number;
  /** The context's AGS line-items service URL and granted scopes (JSON array), as the latest launch named them (migration 0030). */
  ags_lineitems_url: string | null;
  ags_scopes: string | null;
}
export type LtiContextRow = Selectable<LtiContextsTable>;

/** A one-time key of a Dynamic Registration URL the admin CLI made (migration 0031). */
export interface LtiRegistrationKeysTable {
  id: Generated<number>;
  key_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** The platform's line item of a deep-linked item in an LMS course: `resource_id` is the tool's (`set-{id}`) (migration 0030). */
export interface LtiLineItemsTable {
  id: Generated<number>;
  context_id: number;
  resource_id: string;
  lineitem_url: string;
  updated_at: number;
}

/** Each "Sync from LMS" of a course and what it changed (migration 0035, the job `lti-roster-sync`). */
export interface LtiRosterSyncsTable {
  id: Generated<number>;
  course_id: number;
  status: LmsRosterSyncStatus;
  added: Generated<number>;
  updated: Generated<number>;
  unchanged: Generated<number>;
  skipped: Generated<number>;
  error: LmsRosterSyncFailure | null;
  requested_by: number | null;
  requested_at: number;
  finished_at: number | null;
}

/** A person's role in an LMS context as their latest launch said it. */
export interface LtiContextMembersTable {
  id: Generated<number>;
  context_id: number;
  user_id: number;
  role: CourseRole;
  launched_at: number;
}

/** A Deep Linking request waiting for its instructor's choice (single use, an hour at most). */
export interface LtiDeepLinkRequestsTable {
  id: Generated<number>;
  key_hash: string;
  user_id: number;
  platform_id: number;
  deployment_id: string;
  context_id: number;
  return_url: string;
  data: string | null;
  expires_at: number;
  used_at: number | null;
  /** The platform's deep_linking_settings: several content items in one response (1), a line item with each (1) (migration 0036). */
  accept_multiple: Generated<number>;
  accept_lineitem: Generated<number>;
}
