import { Command } from 'commander';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';

// The admin command line works on the database the server is configured for.
// Later issues add teacher requests, schools, terms, products and the content library.
async function withApp<T>(work: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>): Promise<T> {
  const app = await buildApp({ ...loadConfig(), logLevel: 'warn' });
  try {
    return await work(app);
  } finally {
    await app.close();
  }
}

const program = new Command('admin').description('Administer Harmony Dashboard from the command line.');

program
  .command('sign-in-link')
  .description('E-mail a one-time sign-in link (/sign-in?token=…) to an account.')
  .argument('<email>', 'the account e-mail')
  .action(async (email: string) => {
    await withApp((app) => app.services.auth.sendSignInLink(email.toLowerCase()));
    console.log(`Sign-in link sent to ${email} (see data/outbox when SMTP is not configured).`);
  });

program
  .command('password-reset')
  .description('E-mail a password-reset link to an account.')
  .argument('<email>', 'the account e-mail')
  .action(async (email: string) => {
    await withApp((app) => app.services.auth.requestPasswordReset(email.toLowerCase(), undefined));
    console.log(`If ${email} has an account, a reset link was sent to it.`);
  });

program.parseAsync().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
