import fs from 'node:fs';
import path from 'node:path';
import { Email, Password } from '@app/contract/rules';
import { TEACHER_REQUEST_STATUSES } from '@app/contract/teacher-requests';
import { LanguageCode, SignUpRequest, UserType } from '@app/contract/users';
import { Command, InvalidArgumentError } from 'commander';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAIL_JOB } from '../mail/mail-job.ts';
import { insertCourseProduct, listCourseProducts } from '../modules/courses/repository.ts';
import {
  ensureSchool,
  insertAcademicTermAt,
  listAcademicTerms,
  listSchools,
  nextAcademicTermWeight,
} from '../modules/reference/repository.ts';
import type { TeacherRequestRef } from '../modules/teacher-requests/service.ts';
import { registerLtiCommands } from './lti-commands.ts';

/** Runs work against an app built on the configured database, and closes it afterwards when it owns it. */
export type AppRunner = <T>(work: (app: FastifyInstance) => Promise<T>) => Promise<T>;

/** Where the commands and their help write; tests collect the text. */
export type AdminOutput = { out: (text: string) => void; err: (text: string) => void };

export const consoleOutput: AdminOutput = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

/** Thrown for input the commands refuse; main prints the message and exits with 1. */
export class AdminInputError extends Error {}

function parseWith<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new AdminInputError(`${what}: ${parsed.error.issues.map((i) => i.message).join(' ')}`);
}

function requestRef(value: string): TeacherRequestRef {
  if (/^\d+$/.test(value)) return { id: Number(value) };
  if (value.includes('@')) return { email: value.trim().toLowerCase() };
  throw new InvalidArgumentError('Give the request id or the e-mail of the user who sent it.');
}

function nonNegativeInteger(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('Give a whole number of 0 or more.');
  return Number(value);
}

/** Lines of a table with columns as wide as their widest cell. */
function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const format = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [format(header), ...rows.map(format)];
}

const utc = (epochSeconds: number) => `${new Date(Number(epochSeconds) * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const NewProduct = z.object({
  name: z.string().trim().min(1, 'The name is empty.').max(200, 'The name is longer than 200 characters.'),
  price: z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/, 'The price must be a number of dollars such as 25 or 25.00.')
    .transform((v) => Math.round(Number(v) * 100)),
  path: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'The FastSpring path uses lower-case letters, digits and dashes.'),
});

const SchoolName = z.string().trim().min(1, 'The name is empty.').max(200, 'The name is longer than 200 characters.');
const TermName = z.string().trim().min(1, 'The name is empty.').max(100, 'The name is longer than 100 characters.');

const NewUserOptions = z.object({
  email: Email,
  firstName: SignUpRequest.shape.first_name,
  lastName: SignUpRequest.shape.last_name,
  password: Password.optional(),
  language: LanguageCode,
  timezone: z.string().min(1),
  instructor: z.boolean(),
});

const DEFAULT_PORT = '3000';

/** Sends the mail a command queued before it returns (mail is a job: mail/mail-job.ts), so "e-mailed" is true. */
const sendQueuedMail = (app: FastifyInstance) => app.deps.jobs.drain({ names: [MAIL_JOB] });

/**
 * A warning when the links the commands mail are a guess: without PUBLIC_URL they point at
 * http://localhost:<PORT>, which is wrong for anyone on another machine, and wrong here too when
 * this shell's PORT is not the server's. Quiet for the default local setup (port 3000).
 */
export function publicUrlWarning(publicUrl: string, env: NodeJS.ProcessEnv): string | undefined {
  if (env.PUBLIC_URL || (env.PORT ?? DEFAULT_PORT) === DEFAULT_PORT) return undefined;
  return `Warning: PUBLIC_URL is not set, so links point to ${publicUrl}. Set PUBLIC_URL to the address people open the dashboard at.`;
}

/**
 * The admin command line (`npm run admin -- <command>`, DESIGN §7.8). Built around an app runner so
 * tests run the very same commands against a test database; `env` is the environment it reads
 * PUBLIC_URL and PORT from.
 */
export function buildAdminProgram(withApp: AppRunner, output: AdminOutput = consoleOutput, env: NodeJS.ProcessEnv = process.env): Command {
  const say = (text: string) => output.out(`${text}\n`);
  /** Where an e-mailed link leads (never the link: it holds a one-time token), with the warning above when it applies. */
  const sayLinkBase = (publicUrl: string, path: string) => {
    say(`The link opens ${publicUrl}${path}.`);
    const warning = publicUrlWarning(publicUrl, env);
    if (warning) output.err(`${warning}\n`);
  };
  const sayLines = (lines: string[]) => output.out(lines.map((line) => `${line}\n`).join(''));
  // Set before the subcommands exist, so they inherit it: errors and --help throw instead of
  // exiting the process (main decides the exit code), and all text goes to `output`.
  const program = new Command('admin')
    .description('Administer Harmony Dashboard from the command line. It works on the database the server is configured for.')
    .exitOverride()
    .configureOutput({ writeOut: output.out, writeErr: output.err })
    .showHelpAfterError();

  program
    .command('sign-in-link')
    .description('E-mail a one-time sign-in link (/sign-in?token=…) to an account.')
    .argument('<email>', 'the account e-mail')
    .action(async (email: string) => {
      const publicUrl = await withApp(async (app) => {
        await app.services.auth.sendSignInLink(email.toLowerCase());
        await sendQueuedMail(app);
        return app.deps.config.publicUrl;
      });
      say(`Sign-in link sent to ${email} (see the outbox folder of DATA_DIR when SMTP is not configured).`);
      sayLinkBase(publicUrl, '/sign-in');
    });

  program
    .command('password-reset')
    .description('E-mail a password-reset link to an account.')
    .argument('<email>', 'the account e-mail')
    .action(async (email: string) => {
      const publicUrl = await withApp(async (app) => {
        await app.services.auth.requestPasswordReset(email.toLowerCase(), undefined);
        await sendQueuedMail(app);
        return app.deps.config.publicUrl;
      });
      say(`If ${email} has an account, a reset link was sent to it.`);
      sayLinkBase(publicUrl, '/create-password');
    });

  const teacherRequests = program
    .command('teacher-requests')
    .description('List, approve or reject the requests of students for a teacher account (lists pending ones by default).');

  teacherRequests
    .command('list', { isDefault: true })
    .description('List teacher account requests, oldest first.')
    .option('--all', 'include approved and rejected requests')
    .action(async (options: { all?: boolean }) => {
      const rows = await withApp((app) => app.services.teacherRequests.list(options.all ? TEACHER_REQUEST_STATUSES : ['PENDING']));
      if (rows.length === 0) {
        say(options.all ? 'No teacher account requests.' : 'No pending teacher account requests.');
        return;
      }
      const lines = table(
        ['ID', 'SUBMITTED', 'STATUS', 'NAME', 'EMAIL', 'SCHOOL', 'PHONE', 'WEB SITE'],
        rows.map((r) => [
          String(r.id),
          utc(r.created_at),
          r.status,
          `${r.first_name} ${r.last_name}`,
          r.email,
          r.school_name,
          r.phone,
          r.web_site,
        ]),
      );
      sayLines(lines);
    });

  teacherRequests
    .command('approve')
    .description('Approve a pending request: the user becomes an instructor and gets an e-mail.')
    .argument('<request>', 'the request id, or the e-mail of the user who sent it', requestRef)
    .action(async (ref: TeacherRequestRef) => {
      const request = await withApp(async (app) => {
        const approved = await app.services.teacherRequests.approve(ref);
        await sendQueuedMail(app);
        return approved;
      });
      say(`Approved request ${request.id}: ${request.email} is now an instructor and has been e-mailed.`);
    });

  teacherRequests
    .command('reject')
    .description('Reject a pending request; the user stays a student and may ask again.')
    .argument('<request>', 'the request id, or the e-mail of the user who sent it', requestRef)
    .action(async (ref: TeacherRequestRef) => {
      const request = await withApp((app) => app.services.teacherRequests.reject(ref));
      say(`Rejected request ${request.id} from ${request.email}.`);
    });

  const schools = program.command('schools').description('List or add the schools that course settings offer.');

  schools
    .command('list', { isDefault: true })
    .description('List the schools by name.')
    .action(async () => {
      const rows = await withApp((app) => listSchools(app.deps.db));
      if (rows.length === 0) {
        say('No schools yet.');
        return;
      }
      sayLines(
        table(
          ['ID', 'SCHOOL'],
          rows.map((r) => [String(r.id), r.school]),
        ),
      );
    });

  schools
    .command('add')
    .description('Add a school (nothing happens when one of that name exists).')
    .argument('<name>', 'the school name, quoted when it has spaces')
    .action(async (rawName: string) => {
      const name = parseWith(SchoolName, rawName, 'School name');
      const { id, existed } = await withApp(async (app) => {
        const existing = (await listSchools(app.deps.db)).find((s) => s.school === name);
        if (existing) return { id: existing.id, existed: true };
        return { id: await ensureSchool(app.deps.db, name, app.deps.clock.now()), existed: false };
      });
      say(existed ? `School "${name}" already exists (id ${id}).` : `Added school "${name}" (id ${id}).`);
    });

  const terms = program.command('terms').description('List or add the academic terms that course settings offer.');

  terms
    .command('list', { isDefault: true })
    .description('List the academic terms in calendar order.')
    .action(async () => {
      const rows = await withApp((app) => listAcademicTerms(app.deps.db));
      if (rows.length === 0) {
        say('No academic terms yet.');
        return;
      }
      sayLines(
        table(
          ['ID', 'TERM'],
          rows.map((r) => [String(r.id), r.academic_term]),
        ),
      );
    });

  terms
    .command('add')
    .description('Add an academic term (nothing happens when one of that name exists).')
    .argument('<name>', 'the term name, such as "Fall" or "Trimester 2"')
    .option('--position <n>', 'its place in calendar order, 0 first (default: after the others)', nonNegativeInteger)
    .action(async (rawName: string, options: { position?: number }) => {
      const name = parseWith(TermName, rawName, 'Term name');
      const { id, existed } = await withApp(async (app) => {
        const current = await listAcademicTerms(app.deps.db);
        const existing = current.find((t) => t.academic_term === name);
        if (existing) return { id: existing.id, existed: true };
        const position = options.position ?? (await nextAcademicTermWeight(app.deps.db));
        return { id: await insertAcademicTermAt(app.deps.db, name, position), existed: false };
      });
      say(existed ? `Academic term "${name}" already exists (id ${id}).` : `Added academic term "${name}" (id ${id}).`);
    });

  program
    .command('create-user')
    .description('Create an account. Without --password the user is e-mailed a link to choose one.')
    .requiredOption('--email <email>', 'the e-mail address, used to sign in')
    .requiredOption('--first-name <name>', 'first name')
    .requiredOption('--last-name <name>', 'last name')
    .option('--instructor', 'make an instructor (user_type 2) rather than a student')
    .option('--password <password>', 'set this password now (8+ characters with upper and lower case and a digit)')
    .option('--language <code>', 'e-mail and interface language: en, zh-hans, zh-hant or ko', 'en')
    .option('--timezone <zone>', 'IANA time zone, such as America/New_York', 'UTC')
    .action(async (options: Record<string, unknown>) => {
      const input = parseWith(NewUserOptions, { ...options, instructor: Boolean(options.instructor) }, 'create-user');
      const { user, publicUrl } = await withApp(async (app) => {
        const created = await app.services.users.createAccount({
          email: input.email,
          first_name: input.firstName,
          last_name: input.lastName,
          user_type: input.instructor ? UserType.instructor : UserType.student,
          language: input.language,
          timezone: input.timezone,
          ...(input.password ? { password: input.password } : {}),
        });
        if (!input.password) {
          await app.services.auth.sendCreatePasswordLink(created.email);
          await sendQueuedMail(app);
        }
        return { user: created, publicUrl: app.deps.config.publicUrl };
      });
      const kind = user.user_type === UserType.instructor ? 'instructor' : 'student';
      say(
        input.password
          ? `Created ${kind} ${user.email} (id ${user.id}); they can sign in with the given password.`
          : `Created ${kind} ${user.email} (id ${user.id}) and e-mailed a link to choose a password.`,
      );
      if (!input.password) sayLinkBase(publicUrl, '/create-password');
    });

  const products = program.command('products').description('List or add the course products (fees) that course settings offer.');

  products
    .command('list', { isDefault: true })
    .description('List the course products by name.')
    .action(async () => {
      const rows = await withApp((app) => listCourseProducts(app.deps.db));
      if (rows.length === 0) {
        say('No course products yet.');
        return;
      }
      sayLines(
        table(
          ['ID', 'PRODUCT', 'PRICE (USD)', 'FASTSPRING PATH'],
          rows.map((r) => [String(r.id), r.name, (r.price_cents / 100).toFixed(2), r.fastspring_product_path]),
        ),
      );
    });

  products
    .command('add')
    .description('Add a course product: its name, price in US dollars and FastSpring product path.')
    .argument('<name>', 'the product name, quoted when it has spaces')
    .requiredOption('--price <dollars>', 'price per student, such as 25.00')
    .requiredOption('--path <path>', 'the FastSpring product path, such as harmony-course-license')
    .action(async (rawName: string, options: { price: string; path: string }) => {
      const input = parseWith(NewProduct, { name: rawName, ...options }, 'Course product');
      const id = await withApp((app) =>
        insertCourseProduct(app.deps.db, { name: input.name, priceCents: input.price, path: input.path, now: app.deps.clock.now() }),
      );
      say(`Added course product "${input.name}" at $${(input.price / 100).toFixed(2)} (id ${id}).`);
    });

  const library = program.command('library').description('Manage the content library.');

  library
    .command('import')
    .description('Import every .har file of a folder as a content library set (files already in the set are skipped).')
    .argument('<folder>', 'a folder of .har files')
    .option('--title <title>', 'the set title (default: the folder name)')
    .action(async (folder: string, options: { title?: string }) => {
      const dir = path.resolve(folder);
      if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new AdminInputError(`${folder} is not a folder.`);
      const names = fs
        .readdirSync(dir)
        .filter((n) => n.toLowerCase().endsWith('.har'))
        .sort();
      if (names.length === 0) throw new AdminInputError(`${folder} has no .har files.`);
      const title = parseWith(SchoolName, options.title ?? path.basename(dir), 'Set title');
      const files = names.map((name) => ({ name, bytes: new Uint8Array(fs.readFileSync(path.join(dir, name))) }));
      const added = await withApp(async (app) => {
        const count = await app.services.library.importSet(title, files);
        // Previews are made now, so the library is complete when the command returns.
        await app.deps.jobs.drain();
        return count;
      });
      say(`Imported ${added} of ${names.length} files into the library set "${title}".`);
    });

  registerLtiCommands(program, withApp, { say, sayLines, table });

  return program;
}
