import { z } from 'zod';

export const IntegrationMessages = {
  googleNotConfigured: 'Google Classroom is not set up on this server.',
  googleNotLinked: 'Your Google account is not linked yet.',
  pastDue: 'The assignment due date cannot be in the past.  Please set it to a time in the future.',
  submitFailed: 'There was an error submitting this assignment.',
  infoFailed: 'There was an error accessing your Google Classroom information.',
  permission: 'You do not have the correct permissions to access your Google Classroom information.',
  noCourses: 'There are no active Google Classroom courses available.',
  noLms: 'This course is not linked to a learning management system.',
  badReturnUrl: 'The return address must be a page of this site.',
  linkExpired: 'This Google link request has expired. Please try again.',
  orderNotFound: 'This order could not be found.',
  orderIncomplete: 'This order is not completed.',
  orderWrongProduct: 'This order is not for this course.',
  orderUsed: 'This order has already been used.',
  notPaidCourse: 'This course does not charge students a fee.',
  onlyStudents: 'Only students of this course pay its fee.',
  badSignature: 'The webhook signature is not valid.',
  webhookBodyInvalid: 'The webhook body must be JSON with a list of events.',
} as const;

/** Google Classroom error codes (spec §4): 0 OK, 1 no active courses, 2 insufficient permission, 3 general error. */
export const GoogleErrorCode = { ok: 0, noCourses: 1, permission: 2, general: 3 } as const;

export const GoogleInfoRequest = z.object({ id: z.string().max(400).optional(), course: z.number().int().positive().optional() });
export const GoogleInfo = z.object({
  configured: z.boolean(),
  linked: z.boolean(),
  courses: z.array(z.object({ id: z.string(), name: z.string() })),
  error: z.number().int(),
  disabled: z.array(z.number().int()),
});
export type GoogleInfo = z.infer<typeof GoogleInfo>;

export const GoogleSubmitRequest = z.object({
  course: z.string().min(1, 'Choose a Google Classroom course.').max(100),
  doc: z.number().int().positive(),
  title: z.string().trim().min(1, 'Title is required.').max(3000),
  desc: z.string().max(30000).default(''),
  id: z.string().max(400).optional(),
});
export const GoogleSubmitResponse = z.object({ coursework_id: z.string(), link: z.string() });

export const IntegrationStatus = z.object({
  google: z.boolean(),
  fastspring: z.object({ mode: z.enum(['live', 'test']), storefront: z.string().nullable() }),
});
export type IntegrationStatus = z.infer<typeof IntegrationStatus>;

export const PurchaseRequest = z.object({
  orderID: z.string().min(1).max(200),
  reference: z.string().min(1).max(200),
  courseID: z.number().int().positive(),
});
export const TestOrderRequest = z.object({ courseID: z.number().int().positive() });
export const TestOrder = z.object({ orderID: z.string(), reference: z.string() });
