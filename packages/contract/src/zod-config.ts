import { z } from 'zod';
import { zodMessages } from './zod-messages.ts';

/** Our readable zod messages (zod-messages.ts), for the server; the web app sets them in its zod alias. */
export function configureZodMessages() {
  z.config({ customError: zodMessages });
}
