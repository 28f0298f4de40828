/** What signing in answers (server/src/modules/auth): the captcha, tokens and one-time tickets. */
import { z } from 'zod';
import type { Wire } from '../answer.ts';

const captcha = z.object({ verifyId: z.string(), /** data:image/svg+xml;base64,… */ img: z.string() });

export const authAnswers = {
  captcha,
  /** a signed token (sign-in, refresh, ticket exchange) or a one-time ticket */
  token: z.string(),
  done: z.null(),
};

export type Captcha = Wire<typeof captcha>;
