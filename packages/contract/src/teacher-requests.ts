import { z } from 'zod';

export const TEACHER_REQUEST_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export const TeacherRequestStatus = z.enum(TEACHER_REQUEST_STATUSES);
export type TeacherRequestStatus = z.infer<typeof TeacherRequestStatus>;

/** The messages of the request form, sent word for word by the server and shown by the browser. */
export const TeacherRequestMessages = {
  schoolNameRequired: 'School name is required.',
  schoolNameTooLong: 'School name must be at most 200 characters.',
  phoneRequired: 'Phone number is required.',
  phoneInvalid: 'Please enter a valid phone number.',
  webSiteInvalid: 'Please enter a valid web site address, such as https://www.school.edu.',
} as const;

// A phone number as people write it: digits with spaces, dots, dashes, brackets and a leading +.
const PHONE_CHARACTERS = /^\+?[0-9 ().-]+$/;
const phoneDigits = (value: string) => value.replace(/\D/g, '').length;

/** A web site as people type it; a missing scheme means https. Empty stays empty (the field is optional). */
function normalizeWebSite(value: string): string {
  if (value === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return value;
  return `https://${value}`;
}

function isWebSite(value: string): boolean {
  if (value === '') return true;
  try {
    const url = new URL(value);
    // A host with a dot and no spaces: 'https://school' or 'mailto:' are not web sites.
    return (url.protocol === 'http:' || url.protocol === 'https:') && /^[^.\s]+(\.[^.\s]+)+$/.test(url.hostname);
  } catch {
    return false;
  }
}

/** POST /api/teacher-account-requests: school_name and phone are required, web_site is optional. */
export const TeacherAccountRequestInput = z.object({
  school_name: z
    .string({ message: TeacherRequestMessages.schoolNameRequired })
    .trim()
    .min(1, TeacherRequestMessages.schoolNameRequired)
    .max(200, TeacherRequestMessages.schoolNameTooLong),
  phone: z
    .string({ message: TeacherRequestMessages.phoneRequired })
    .trim()
    .min(1, TeacherRequestMessages.phoneRequired)
    .max(40, TeacherRequestMessages.phoneInvalid)
    .refine((v) => PHONE_CHARACTERS.test(v) && phoneDigits(v) >= 6 && phoneDigits(v) <= 15, TeacherRequestMessages.phoneInvalid),
  web_site: z
    .string()
    .trim()
    .max(500, TeacherRequestMessages.webSiteInvalid)
    .default('')
    .transform(normalizeWebSite)
    .refine(isWebSite, TeacherRequestMessages.webSiteInvalid),
});
export type TeacherAccountRequestInput = z.input<typeof TeacherAccountRequestInput>;

/** A teacher account request as the API answers it; times are epoch seconds. */
export const TeacherAccountRequest = z.object({
  id: z.number().int(),
  school_name: z.string(),
  phone: z.string(),
  web_site: z.string(),
  status: TeacherRequestStatus,
  created_at: z.number().int(),
});
export type TeacherAccountRequest = z.infer<typeof TeacherAccountRequest>;
