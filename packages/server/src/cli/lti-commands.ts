import { type Command, InvalidArgumentError } from 'commander';
import type { PlatformInput } from '../modules/lti/service.ts';
import type { AppRunner } from './program.ts';

type Printer = {
  say: (text: string) => void;
  sayLines: (lines: string[]) => void;
  table: (header: string[], rows: string[][]) => string[];
};

const collect = (value: string, previous: string[] = []) => [...previous, value];

function platformId(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('Give the platform id that `lti platforms list` shows.');
  return Number(value);
}

type PlatformOptions = {
  issuer?: string;
  clientId?: string;
  deploymentId?: string[];
  authUrl?: string;
  tokenUrl?: string;
  jwksUrl?: string;
  emailsVerified?: boolean;
};

/** `lti platforms add|list|update|remove`, `lti registration-url` and `lti keys rotate` (issue 28, docs/lti.md). */
export function registerLtiCommands(program: Command, withApp: AppRunner, { say, sayLines, table }: Printer) {
  const lti = program.command('lti').description('LTI 1.3: the LMS platforms this tool trusts, and its signing keys.');
  const platforms = lti.command('platforms').description('Register, list, change or remove LMS platforms (Canvas, Moodle, …).');

  platforms
    .command('add')
    .description("Register a platform from its issuer, this tool's client id there, deployment ids and its URLs.")
    .requiredOption('--issuer <issuer>', 'the platform issuer (iss), e.g. https://canvas.instructure.com')
    .requiredOption('--client-id <id>', 'the client id the platform gave this tool')
    .requiredOption('--deployment-id <id>', 'a deployment id (repeat for several)', collect)
    .requiredOption('--auth-url <url>', 'the OIDC authorisation endpoint')
    .requiredOption('--token-url <url>', 'the OAuth 2 token endpoint')
    .requiredOption('--jwks-url <url>', "the platform's public key set")
    .option('--emails-verified', "trust the platform's e-mail claims to link existing accounts (off by default)")
    .action(async (options: Required<Omit<PlatformOptions, 'emailsVerified'>> & { emailsVerified?: boolean }) => {
      const input: PlatformInput = {
        issuer: options.issuer,
        clientId: options.clientId,
        deploymentIds: options.deploymentId,
        authUrl: options.authUrl,
        tokenUrl: options.tokenUrl,
        jwksUrl: options.jwksUrl,
        emailsVerified: options.emailsVerified === true,
      };
      const id = await withApp((app) => app.services.lti.addPlatform(input));
      say(
        `Registered platform ${id}: ${input.issuer} (client ${input.clientId}, ${input.deploymentIds.length} deployment${input.deploymentIds.length === 1 ? '' : 's'}); its e-mails are ${input.emailsVerified ? 'trusted' : 'not trusted'}.`,
      );
    });

  platforms
    .command('list', { isDefault: true })
    .description('List the registered platforms.')
    .action(async () => {
      const rows = await withApp((app) => app.services.lti.listPlatforms());
      if (rows.length === 0) {
        say('No LTI platforms are registered.');
        return;
      }
      sayLines(
        table(
          ['ID', 'ISSUER', 'CLIENT ID', 'DEPLOYMENTS', 'E-MAILS', 'AUTH URL', 'TOKEN URL', 'JWKS URL'],
          rows.map((p) => [
            String(p.id),
            p.issuer,
            p.client_id,
            p.deployments.join(',') || '-',
            p.emails_verified === 1 ? 'trusted' : 'untrusted',
            p.auth_url,
            p.token_url,
            p.jwks_url,
          ]),
        ),
      );
    });

  platforms
    .command('update')
    .description('Change a registration; --deployment-id replaces the list of deployments.')
    .argument('<id>', 'the platform id', platformId)
    .option('--issuer <issuer>', 'the platform issuer')
    .option('--client-id <id>', 'the client id')
    .option('--deployment-id <id>', 'a deployment id (repeat for several; replaces the list)', collect)
    .option('--auth-url <url>', 'the OIDC authorisation endpoint')
    .option('--token-url <url>', 'the OAuth 2 token endpoint')
    .option('--jwks-url <url>', "the platform's public key set")
    .option('--emails-verified', "trust the platform's e-mail claims")
    .option('--no-emails-verified', "stop trusting the platform's e-mail claims")
    .action(async (id: number, options: PlatformOptions) => {
      const changes: Partial<PlatformInput> = {};
      if (options.issuer !== undefined) changes.issuer = options.issuer;
      if (options.clientId !== undefined) changes.clientId = options.clientId;
      if (options.deploymentId !== undefined) changes.deploymentIds = options.deploymentId;
      if (options.authUrl !== undefined) changes.authUrl = options.authUrl;
      if (options.tokenUrl !== undefined) changes.tokenUrl = options.tokenUrl;
      if (options.jwksUrl !== undefined) changes.jwksUrl = options.jwksUrl;
      if (options.emailsVerified !== undefined) changes.emailsVerified = options.emailsVerified;
      await withApp((app) => app.services.lti.updatePlatform(id, changes));
      say(`Updated platform ${id}.`);
    });

  platforms
    .command('remove')
    .description('Remove a registration: its launches stop working (accounts and course links stay).')
    .argument('<id>', 'the platform id', platformId)
    .action(async (id: number) => {
      await withApp((app) => app.services.lti.removePlatform(id));
      say(`Removed platform ${id}.`);
    });

  lti
    .command('registration-url')
    .description(
      'Make a one-time LTI Dynamic Registration URL to paste into the LMS (Canvas, Moodle): it registers the LMS as a platform, its e-mails untrusted.',
    )
    .option('--hours <hours>', 'how long the URL stays usable (default 24)', (value: string) => {
      const hours = Number(value);
      if (!Number.isFinite(hours) || hours <= 0 || hours > 24 * 30) throw new InvalidArgumentError('Give a number of hours from 1 to 720.');
      return hours;
    })
    .action(async (options: { hours?: number }) => {
      const { url, expiresAt } = await withApp((app) => app.services.lti.registrationUrl(options.hours));
      sayLines([url, `Usable once, until ${new Date(expiresAt * 1000).toISOString()}.`]);
    });

  const keys = lti.command('keys').description("The tool's signing keys (published at /lti/jwks).");
  keys
    .command('rotate')
    .description('Make a new signing key; the old one stays in the key set until tokens signed with it have expired.')
    .action(async () => {
      const { kid, retired } = await withApp((app) => app.services.lti.rotateKeys());
      say(`New signing key ${kid}; ${retired} old key${retired === 1 ? '' : 's'} kept in the key set for 2 hours.`);
    });
}
